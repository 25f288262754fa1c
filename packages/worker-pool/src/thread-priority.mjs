// Worker threads doing CPU-bound work (document extraction, the built-in analysis) give way to the
// event loop's thread: Linux keeps a nice value per thread (decision 061).
import { setPriority } from 'node:os'

/** Lowers the calling thread's priority to nice 10 on Linux; elsewhere, or when refused, it stays. */
export function yieldToEventLoopThread() {
  if (process.platform !== 'linux') return
  try {
    setPriority(10)
  } catch {
    // Not permitted here: run at normal priority.
  }
}
