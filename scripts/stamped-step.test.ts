import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runStampedStep, StepFailedError, type StampedStep, type StepPlace } from './stamped-step.ts'

describe('a stamped build step', () => {
  let place: StepPlace
  let step: StampedStep

  beforeEach(async () => {
    const root = await mkdtemp(join(tmpdir(), 'vp-step-'))
    place = { root, stampDir: join(root, 'stamps') }
    await writeFile(join(root, 'input.txt'), 'one')
    // The command appends a line to runs.log each time it runs, and writes the output file.
    step = {
      name: 'copy input',
      inputs: () => Promise.resolve(['input.txt']),
      outputs: () => Promise.resolve(['output.txt']),
      command: ['sh', '-c', 'cp input.txt output.txt && echo ran >> runs.log'],
    }
  })
  afterEach(async () => {
    await rm(place.root, { recursive: true, force: true })
  })

  const runs = async () => (await readFile(join(place.root, 'runs.log'), 'utf8')).trim().split('\n').length

  it('runs the first time, then not again while its inputs are unchanged', async () => {
    expect(await runStampedStep(place, step)).toMatch(/^copy input done in \d+\.\d s$/)
    expect(await runStampedStep(place, step)).toBe('copy input up to date')
    expect(await runs()).toBe(1)
  })

  it('runs again when an input changes, when an output is gone, or when forced', async () => {
    await runStampedStep(place, step)
    await writeFile(join(place.root, 'input.txt'), 'two')
    await runStampedStep(place, step)
    expect(await readFile(join(place.root, 'output.txt'), 'utf8')).toBe('two')
    await rm(join(place.root, 'output.txt'))
    await runStampedStep(place, step)
    await runStampedStep(place, step, { force: true })
    expect(await runs()).toBe(4)
  })

  it('reports a failing command with its output and keeps no stamp', async () => {
    const failing = { ...step, command: ['sh', '-c', 'echo broken schema >&2; exit 3'] }
    const failure = await runStampedStep(place, failing).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(StepFailedError)
    expect(failure).toMatchObject({ output: 'broken schema\n' })
    expect((failure as StepFailedError).message).toContain('exited with 3')
    await expect(runStampedStep(place, step)).resolves.toMatch(/done/)
  })
})
