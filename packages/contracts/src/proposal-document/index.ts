// What the prospect page needs of a proposal document, without the zod schemas (schema.ts).
export * from './model.ts'
export * from './brand-colour.ts'
