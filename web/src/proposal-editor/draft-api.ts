// The owner's editor's calls (issue 37; the API in docs/decisions/133): the draft, publishing,
// publications, image uploads and rewriting one section. Answers are checked with the contracts'
// schemas; failures arrive as api.ts's ApiError (409 carries DRAFT_CONFLICT_MESSAGE).
import {
  draftAnswerSchema,
  publicationAnswerSchema,
  rewriteSectionAnswerSchema,
  sessionAnswerSchema,
  uploadedImageSchema,
  type DraftAnswer,
  type Plan,
  type PublicationAnswer,
  type UploadedImage,
} from '@valueproof/contracts'
import type { ProposalDocument, RichText } from '@valueproof/contracts/proposal-document'
import { apiRequest } from '../api.ts'

const base = (proposalId: string) => `/api/proposals/${encodeURIComponent(proposalId)}`

export async function loadDraft(proposalId: string, signal?: AbortSignal): Promise<DraftAnswer> {
  const response = await apiRequest('GET', `${base(proposalId)}/draft`, undefined, signal === undefined ? {} : { signal })
  return draftAnswerSchema.parse(await response.json())
}

export async function saveDraft(proposalId: string, document: ProposalDocument, revision: number): Promise<DraftAnswer> {
  const response = await apiRequest('PUT', `${base(proposalId)}/draft`, { document, revision })
  return draftAnswerSchema.parse(await response.json())
}

export async function publishDraft(proposalId: string, revision: number): Promise<DraftAnswer> {
  const response = await apiRequest('POST', `${base(proposalId)}/publish`, { revision })
  return draftAnswerSchema.parse(await response.json())
}

export async function loadPublication(proposalId: string, number: number): Promise<PublicationAnswer> {
  const response = await apiRequest('GET', `${base(proposalId)}/publications/${number}`)
  return publicationAnswerSchema.parse(await response.json())
}

export async function restorePublication(proposalId: string, number: number): Promise<DraftAnswer> {
  const response = await apiRequest('POST', `${base(proposalId)}/publications/${number}/restore`)
  return draftAnswerSchema.parse(await response.json())
}

/** The file's bytes as the body, its type as Content-Type: the server checks both and resizes. */
export async function uploadImage(proposalId: string, file: Blob): Promise<UploadedImage> {
  const response = await apiRequest('POST', `${base(proposalId)}/images`, file, { headers: { 'Content-Type': file.type } })
  return uploadedImageSchema.parse(await response.json())
}

/** Where an image of the proposal is shown from. */
export function imageUrl(proposalId: string, imageId: string): string {
  return `${base(proposalId)}/images/${encodeURIComponent(imageId)}`
}

export async function rewriteSection(proposalId: string, blockId: string): Promise<RichText> {
  const response = await apiRequest('POST', `${base(proposalId)}/sections/${encodeURIComponent(blockId)}/rewrite`)
  return rewriteSectionAnswerSchema.parse(await response.json()).content
}

/** The signed-in seller's plan: a brand colour is Pro's. */
export async function loadPlan(): Promise<Plan | undefined> {
  const response = await apiRequest('GET', '/api/session')
  return sessionAnswerSchema.parse(await response.json()).user?.plan
}
