// Plain JavaScript: loaded by the extraction worker, which runs without a TypeScript loader.
// Text recognition of scanned pages with tesseract.js (Tesseract compiled to WebAssembly), in
// English and Swedish, offline: the WebAssembly core comes from tesseract.js-core and the trained
// models from the @tesseract.js-data packages in node_modules; nothing is fetched and nothing is
// cached. tesseract.js runs its engine on a worker thread of its own, inside the document worker.
import { mkdtemp, rm, symlink } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/**
 * Languages recognised together; each word is read in whichever fits better. Swedish comes first:
 * its model knows å, ä and ö and reads English words as well, while the English model reads
 * "tjänst för" as "tjanst for".
 */
export const OCR_LANGUAGES = ['swe', 'eng']
/** The LSTM-only integer models ("best_int"): what tesseract.js itself loads for its default engine. */
const MODEL_FOLDER = '4.0.0_best_int'
/** Tesseract's "fully automatic page segmentation": columns, tables and stray words on a scan. */
const PAGE_SEGMENTATION_AUTO = '3'

const require = createRequire(import.meta.url)

function modelFile(language) {
  return join(dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)), MODEL_FOLDER, `${language}.traineddata.gz`)
}

/**
 * tesseract.js reads every language from one folder, and each language is a package of its own:
 * a temporary folder links to each model while the engine loads, and is removed right after.
 */
async function withModelFolder(use) {
  const folder = await mkdtemp(join(tmpdir(), 'valueproof-ocr-'))
  try {
    for (const language of OCR_LANGUAGES) await symlink(modelFile(language), join(folder, `${language}.traineddata.gz`))
    return await use(folder)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

async function startEngine() {
  const { createWorker, OEM } = await import('tesseract.js')
  let failure
  const worker = await withModelFolder((langPath) =>
    createWorker(OCR_LANGUAGES.join('+'), OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      cacheMethod: 'none',
      // Errors come back as rejections of the call that failed; nothing is printed.
      errorHandler: (error) => {
        failure = error
      },
    }),
  )
  if (failure !== undefined) throw new Error(`Text recognition could not start: ${String(failure)}`)
  // Tesseract's notes ("Estimating resolution as …") would go to the document worker's stderr.
  await worker.setParameters({ tessedit_pageseg_mode: PAGE_SEGMENTATION_AUTO, debug_file: '/dev/null' })
  return worker
}

/**
 * A recogniser that starts its engine on first use (about a second: the models load then). Call
 * close() when done: it ends the engine's thread.
 */
export function createPageRecognizer() {
  let engine
  return {
    /**
     * The text of an image file (PGM, PNG, JPEG, ...) as Tesseract reads it, lines joined by \n,
     * and Tesseract's mean confidence in its words (0–100).
     */
    async recognize(imageFile) {
      engine ??= startEngine()
      const worker = await engine
      const { data } = await worker.recognize(imageFile)
      return { text: data.text, confidence: data.confidence ?? 0 }
    },
    async close() {
      const started = engine
      engine = undefined
      if (started !== undefined) await (await started.catch(() => undefined))?.terminate()
    },
  }
}
