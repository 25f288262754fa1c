import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLogger, loadConfig } from '@valueproof/http-kit'
import { afterAll, describe, expect, it } from 'vitest'
import { embeddedConfigSchema } from '../../embedded/src/config.ts'
import { startEmbeddedStack } from '../../embedded/src/stack.ts'
import { ApiClient, GOOD_PASSWORD, uniqueUsername } from './support/http-client.ts'
import { logoForm, tinyPng } from './support/images.ts'

describe('the embedded stack keeps its data across a restart', () => {
  const dataDirs: string[] = []
  afterAll(async () => {
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })))
  })

  it('an account, its session and its logo survive stopping and starting again on the same DATA_DIR', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'valueproof-restart-'))
    dataDirs.push(dataDir)
    const config = loadConfig(embeddedConfigSchema, {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_COST: '12',
    })
    const logger = createLogger({ name: 'test', level: 'silent' })

    const first = await startEmbeddedStack(config, logger)
    const username = uniqueUsername('Restart')
    const client = new ApiClient(first.url)
    expect((await client.post('/api/register', { username, password: GOOD_PASSWORD })).status).toBe(201)
    const identity = first.databases.identity
    expect(
      await identity.execute(`UPDATE "${identity.schema}"."user" SET plan = 'pro' WHERE username_key = $1`, username.toLowerCase()),
    ).toBe(1)
    const png = tinyPng()
    const upload = await client.request('POST', '/api/upload-logo', { body: logoForm(png, 'logo.png', 'image/png') })
    const { url } = (await upload.json()) as { url: string }
    const cookie = client.sessionCookie ?? ''
    await first.stop()

    const second = await startEmbeddedStack(config, logger)
    try {
      const again = new ApiClient(second.url)
      again.setCookie('vp_session', cookie)
      const me = await again.get('/api/user')
      expect(me.status).toBe(200)
      expect(await me.json()).toMatchObject({ username, plan: 'pro' })
      const logo = await fetch(new URL(url, second.url))
      expect(Buffer.from(await logo.arrayBuffer()).equals(png)).toBe(true)
      const login = await new ApiClient(second.url).post('/api/login', { username, password: GOOD_PASSWORD })
      expect(login.status).toBe(200)
    } finally {
      await second.stop()
    }
  })
})
