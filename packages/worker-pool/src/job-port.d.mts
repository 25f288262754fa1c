export interface JobPort {
  on(event: 'message', listener: (message: unknown) => void): JobPort
  postMessage(message: unknown): void
}
export function jobPort(): JobPort
