import { PRODUCT_NAME } from './config.ts'

/** The document title of a page: `head: () => pageHead('My Proposals')`. */
export function pageHead(title?: string) {
  return { meta: [{ title: title === undefined ? PRODUCT_NAME : `${title} · ${PRODUCT_NAME}` }] }
}
