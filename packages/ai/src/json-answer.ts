// Reads a model's answer as JSON. Some compatible servers ignore response_format and wrap the
// JSON in a Markdown fence or a sentence; the outermost object is taken from such answers.

export type JsonAnswer = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly problem: string }

const FENCED = /```(?:json)?\s*([\s\S]*?)```/i

function parse(text: string): JsonAnswer {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { ok: false, problem: `the answer is not valid JSON (${reason})` }
  }
}

export function readJsonAnswer(content: string): JsonAnswer {
  const text = content.trim()
  if (text === '') return { ok: false, problem: 'the answer was empty; answer with one JSON object' }
  const direct = parse(text)
  if (direct.ok) return direct
  const fenced = FENCED.exec(text)?.[1]
  if (fenced !== undefined) {
    const inFence = parse(fenced.trim())
    if (inFence.ok) return inFence
  }
  const start = text.indexOf('{')
  const end = text.lastIndexOf('}')
  if (start >= 0 && end > start) {
    const embedded = parse(text.slice(start, end + 1))
    if (embedded.ok) return embedded
  }
  return direct
}
