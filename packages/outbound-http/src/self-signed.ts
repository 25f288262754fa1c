// A throwaway certificate for a test's HTTPS server on loopback (127.0.0.1 and localhost), made by
// the openssl command line: node:crypto makes keys but not X.509 certificates. The outgoing client
// trusts it only when a test passes it as `trustedCertificates`.
import { execFileSync } from 'node:child_process'

export interface SelfSignedCertificate {
  key: string
  cert: string
}

export function selfSignedCertificate(): SelfSignedCertificate {
  const pem = execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      '-',
      '-out',
      '-',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  )
  const key = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----\n/.exec(pem)?.[0]
  const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n/.exec(pem)?.[0]
  if (key === undefined || cert === undefined) throw new Error('openssl made no key and certificate')
  return { key, cert }
}
