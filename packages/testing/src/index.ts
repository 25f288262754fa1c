export { infra, needs, type Component } from './infra.ts'
export { createTestDatabase, type TestDatabase } from './postgres.ts'
