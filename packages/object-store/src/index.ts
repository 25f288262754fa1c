export { assertValidObjectKey, InvalidObjectKeyError, type ObjectStore, type PutOptions, type StoredObject } from './object-store.ts'
export { createFileObjectStore } from './file-object-store.ts'
export { createS3ObjectStore, S3_PART_SIZE, type S3ObjectStoreConfig } from './s3-object-store.ts'
export { isObjectStoreFull } from './storage-full.ts'
