// Workers for work that would stall the event loop: threads, or child processes where a job's
// input cannot be trusted to stay within memory limits (decision 090). A worker module answers
// through `@valueproof/worker-pool/job-port` (plain JavaScript, so it needs no TypeScript loader);
// CPU-bound workers lower their priority with `@valueproof/worker-pool/thread-priority`.
export {
  createWorkerPool,
  WorkerPoolError,
  type WorkerIsolation,
  type WorkerPool,
  type WorkerPoolErrorCode,
  type WorkerPoolOptions,
} from './worker-pool.ts'
