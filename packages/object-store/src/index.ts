export {
  assertValidObjectKey,
  InvalidObjectKeyError,
  type ObjectStore,
  type PutOptions,
  type StoredObject,
} from './object-store.ts'
export { createFileObjectStore } from './file-object-store.ts'
export { createS3ObjectStore, type S3ObjectStoreConfig } from './s3-object-store.ts'
