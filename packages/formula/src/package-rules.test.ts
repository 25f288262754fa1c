// Rules for the package as a whole: it never runs code from text, and it runs in the browser.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as formulaPackage from './index.ts'

const sourceRoot = fileURLToPath(new URL('.', import.meta.url))

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

const files = sourceFiles(sourceRoot).map((path) => ({ name: relative(sourceRoot, path), text: readFileSync(path, 'utf8') }))

describe('package rules', () => {
  it('finds the source files', () => {
    expect(files.map((file) => file.name)).toContain('formula/compiler.ts')
  })

  it.each(files.map((file) => [file.name, file.text]))('%s never uses eval, new Function, Function() or with', (_, text) => {
    const code = text.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '')
    expect(code).not.toMatch(/\beval\s*\(/)
    expect(code).not.toMatch(/\bnew\s+Function\b/)
    expect(code).not.toMatch(/(^|[^.\w])Function\s*\(/)
    expect(code).not.toMatch(/\bwith\s*\(/)
  })

  it.each(files.map((file) => [file.name, file.text]))('%s imports nothing that only Node.js has', (_, text) => {
    const imports = [...text.matchAll(/from\s+'([^']+)'/g)].map((match) => match[1] ?? '')
    for (const specifier of imports) expect(specifier === 'zod' || specifier.startsWith('.')).toBe(true)
    expect(text).not.toMatch(/\bprocess\.|\brequire\(|\bBuffer\b/)
  })

  it('exports the public API from index.ts', () => {
    for (const name of [
      'parse',
      'print',
      'checkNames',
      'compile',
      'compileFormula',
      'evaluateTree',
      'calculatorDataSchema',
      'validateCalculatorData',
      'createCalculator',
      'formatMoney',
      'convertCurrency',
      'landingDemoResult',
    ]) {
      expect(typeof Reflect.get(formulaPackage, name)).not.toBe('undefined')
    }
  })
})
