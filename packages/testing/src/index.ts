export { infra, needs, type Component } from './infra.ts'
export { createTestDatabase, type TestDatabase } from './postgres.ts'
export { createTestBucket, testS3Client, type TestBucket } from './s3.ts'
export { eventually } from './eventually.ts'
