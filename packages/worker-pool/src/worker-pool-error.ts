export type WorkerPoolErrorCode =
  /** The job ran past the time limit; its worker was stopped. */
  | 'timeout'
  /** The worker ran out of memory during the job. */
  | 'out_of_memory'
  /** The worker died, failed to start, or answered something that is not a reply to the job. */
  | 'crashed'
  /** The queue is full. */
  | 'busy'
  /** close() was called. */
  | 'closed'

export class WorkerPoolError extends Error {
  override readonly name = 'WorkerPoolError'

  constructor(
    readonly code: WorkerPoolErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}
