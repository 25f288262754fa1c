import { PrismaPg } from '@prisma/adapter-pg'
import { infra, needs } from '@valueproof/testing'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { CatalogFriendlyClient, parsePostgresUrl } from './postgres-connection.ts'

describe('parsePostgresUrl', () => {
  it('splits the URL into separate fields, decoding them', () => {
    expect(parsePostgresUrl('postgresql://app%40corp:p%3Ass@db.internal:6543/value%20proof?schema=identity&connection_limit=4')).toEqual({
      pool: {
        host: 'db.internal',
        port: 6543,
        user: 'app@corp',
        password: 'p:ss',
        database: 'value proof',
        max: 4,
        options: '-c search_path="identity"',
      },
      schema: 'identity',
    })
  })

  it('defaults what the URL leaves out', () => {
    expect(parsePostgresUrl('postgres://localhost')).toEqual({
      pool: { host: 'localhost', port: 5432, user: 'postgres', database: 'postgres' },
      schema: undefined,
    })
  })

  it('maps sslmode to pg ssl options', () => {
    expect(parsePostgresUrl('postgresql://u@h/d?sslmode=require').pool.ssl).toEqual({ rejectUnauthorized: false })
    expect(parsePostgresUrl('postgresql://u@h/d?sslmode=verify-full').pool.ssl).toEqual({ rejectUnauthorized: true })
    expect(parsePostgresUrl('postgresql://u@h/d?sslmode=disable').pool.ssl).toBeUndefined()
  })

  it('refuses other URLs', () => {
    expect(() => parsePostgresUrl('mysql://u@h/d')).toThrow(/Not a PostgreSQL URL/)
  })
})

const postgresAvailable = await needs('postgres')

describe.skipIf(!postgresAvailable)('CatalogFriendlyClient', () => {
  it('lets adapter-pg read the catalogs\' "char" columns as text', async () => {
    const { pool: config } = parsePostgresUrl(infra.postgresUrl)
    const query = { sql: `SELECT 'r'::"char" AS kind`, args: [], argTypes: [] }

    const plainPool = new pg.Pool(config)
    const plain = await new PrismaPg(plainPool).connect()
    await expect(plain.queryRaw(query)).rejects.toThrow()
    await plainPool.end()

    const pool = new pg.Pool({ ...config, Client: CatalogFriendlyClient })
    const adapter = await new PrismaPg(pool).connect()
    try {
      const result = await adapter.queryRaw(query)
      expect(result.rows).toEqual([['r']])
    } finally {
      await pool.end()
    }
  })
})
