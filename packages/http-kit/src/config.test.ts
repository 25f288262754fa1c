import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ConfigError, env, loadConfig } from './config.ts'

const schema = z.object({
  PORT: env.port(4000),
  LOG_LEVEL: env.logLevel,
  PUBLIC_URL: env.optionalUrl,
  TRUST_PROXY: env.boolean(false),
  SESSION_TTL_HOURS: env.positiveInt(24),
  SERVICE_NAME: z.string().min(1),
})

function problemsOf(run: () => unknown): string[] {
  try {
    run()
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('loadConfig', () => {
  it('returns typed values with the defaults filled in', () => {
    const config = loadConfig(schema, { SERVICE_NAME: 'identity' })
    expect(config).toEqual({
      PORT: 4000,
      LOG_LEVEL: 'info',
      PUBLIC_URL: undefined,
      TRUST_PROXY: false,
      SESSION_TTL_HOURS: 24,
      SERVICE_NAME: 'identity',
    })
    // The types follow the schema: a number, a boolean, not the raw strings.
    const port: number = config.PORT
    const trustProxy: boolean = config.TRUST_PROXY
    expect(typeof port).toBe('number')
    expect(typeof trustProxy).toBe('boolean')
  })

  it('coerces the given strings into their types', () => {
    const config = loadConfig(schema, {
      SERVICE_NAME: 'identity',
      PORT: '8080',
      LOG_LEVEL: 'debug',
      PUBLIC_URL: 'https://valueproof.example',
      TRUST_PROXY: 'true',
      SESSION_TTL_HOURS: '12',
    })
    expect(config).toEqual({
      PORT: 8080,
      LOG_LEVEL: 'debug',
      PUBLIC_URL: 'https://valueproof.example',
      TRUST_PROXY: true,
      SESSION_TTL_HOURS: 12,
      SERVICE_NAME: 'identity',
    })
  })

  it('reports every bad variable at once', () => {
    const problems = problemsOf(() =>
      loadConfig(schema, {
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        PUBLIC_URL: 'not a url',
        TRUST_PROXY: 'yes',
        SESSION_TTL_HOURS: '0',
      }),
    )
    const variables = problems.map((problem) => problem.split(':')[0])
    expect(variables.sort()).toEqual(['LOG_LEVEL', 'PORT', 'PUBLIC_URL', 'SERVICE_NAME', 'SESSION_TTL_HOURS', 'TRUST_PROXY'])
  })

  it('puts each problem in the error message', () => {
    let caught: unknown
    try {
      loadConfig(schema, { PORT: '70000' })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ConfigError)
    const message = caught instanceof Error ? caught.message : ''
    expect(message).toMatch(/^Invalid configuration:/)
    expect(message).toMatch(/^ {2}- PORT: /m)
    expect(message).toMatch(/^ {2}- SERVICE_NAME: /m)
  })

  it('reads process.env when no environment is given', () => {
    const name = `VP_CONFIG_TEST_${process.pid}`
    process.env[name] = '5151'
    try {
      expect(loadConfig(z.object({ [name]: env.port(1) }))).toEqual({ [name]: 5151 })
    } finally {
      delete process.env[name]
    }
  })
})

describe('env helpers', () => {
  it('port: a default, an integer from 0 to 65535, nothing else', () => {
    const port = env.port(3000)
    expect(port.parse(undefined)).toBe(3000)
    expect(port.parse('0')).toBe(0)
    expect(port.parse('65535')).toBe(65535)
    expect(port.safeParse('65536').success).toBe(false)
    expect(port.safeParse('-1').success).toBe(false)
    expect(port.safeParse('80.5').success).toBe(false)
    expect(port.safeParse('http').success).toBe(false)
  })

  it('boolean: true/false/1/0 with a default, anything else refused', () => {
    expect(env.boolean(true).parse(undefined)).toBe(true)
    expect(env.boolean(false).parse(undefined)).toBe(false)
    expect(env.boolean(false).parse('true')).toBe(true)
    expect(env.boolean(false).parse('1')).toBe(true)
    expect(env.boolean(true).parse('false')).toBe(false)
    expect(env.boolean(true).parse('0')).toBe(false)
    expect(env.boolean(false).safeParse('yes').success).toBe(false)
    expect(env.boolean(false).safeParse('TRUE').success).toBe(false)
  })

  it('optionalUrl: unset or empty means undefined, a URL is kept, anything else refused', () => {
    expect(env.optionalUrl.parse(undefined)).toBeUndefined()
    expect(env.optionalUrl.parse('')).toBeUndefined()
    expect(env.optionalUrl.parse('nats://127.0.0.1:4222')).toBe('nats://127.0.0.1:4222')
    expect(env.optionalUrl.safeParse('localhost 4222').success).toBe(false)
  })

  it('logLevel: pino levels only, info by default', () => {
    expect(env.logLevel.parse(undefined)).toBe('info')
    expect(env.logLevel.parse('silent')).toBe('silent')
    expect(env.logLevel.safeParse('verbose').success).toBe(false)
  })

  it('positiveInt: a default, positive integers only', () => {
    expect(env.positiveInt(15_000).parse(undefined)).toBe(15_000)
    expect(env.positiveInt(1).parse('250')).toBe(250)
    expect(env.positiveInt(1).safeParse('0').success).toBe(false)
    expect(env.positiveInt(1).safeParse('1.5').success).toBe(false)
  })
})
