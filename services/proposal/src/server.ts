import { beaconTokenKey, resolveSecret } from '@valueproof/http-kit'
import { createService, type ServiceDeps, type ServiceInstance } from '@valueproof/service-runtime'
import { DEFAULT_GATEWAY_ORIGIN, proposalConfigSchema, type ProposalSettings } from './config.ts'
import type { PrismaClient } from './db.ts'
import { accessCodeCipher, accessCodeKeyFits, encryptLegacyAccessCodes } from './domain/access-code-cipher.ts'
import { accessCodePolicy } from './domain/access-code-policy.ts'
import { deleteEndedCodeWindows } from './domain/access-codes.ts'
import { createAccountLoader } from './domain/accounts.ts'
import { createPublishedProposalCache } from './domain/proposal-cache.ts'
import { uploadedImageIdsOf } from './domain/proposal-images.ts'
import { createProposalLoader } from './domain/proposal-loader.ts'
import type { ProposalDeps } from './domain/proposals.ts'
import { deleteEndedViewWindows, viewCountingPolicy } from './domain/view-people.ts'
import { deleteExpiredVisits, ViewRecorder } from './domain/views.ts'
import { subscribeCacheEvictions } from './events/proposal-changed.ts'
import { subscribeSubscriptionChanged } from './events/subscription-changed.ts'
import { subscribeUserProfileUpdated } from './events/user-profile-updated.ts'
import { subscribeUserRegistered } from './events/user-registered.ts'
import { createPdfRenderer } from './pdf/pdf-pool.ts'
import { draftsRouter } from './routes/drafts/index.ts'
import { proposalsRouter } from './routes/proposals/index.ts'
import { proposalPdfRouter } from './routes/proposals/pdf.ts'
import { proposalImagesRouter } from './routes/images/index.ts'
import { proposalSectionsRouter } from './routes/sections/index.ts'
import { createWriter, type ProposalWriter } from './writing/index.ts'

export { PrismaClient } from './db.ts'
export { DEFAULT_GATEWAY_ORIGIN, proposalConfigSchema, proposalEnv, type ProposalConfig, type ProposalSettings } from './config.ts'

export const SERVICE_NAME = 'proposal'

/** Defaults of every setting (no AI key: the built-in writer). */
const defaultSettings: ProposalSettings = proposalConfigSchema.parse({})

/** Ended access-code windows and visits whose beacon tokens expired are swept this often. */
const SWEEP_INTERVAL_MS = 60 * 60_000
/** The view people's keyed hashes go this soon after their window (decision 119). */
const VIEW_PEOPLE_SWEEP_INTERVAL_MS = 60_000

export interface ProposalServiceOptions {
  /** Replaces the configured writer (tests). */
  writer?: ProposalWriter
  now?: () => Date
  /** The gateway's own configured address (the embedded stack's), for the PDF's share link when PUBLIC_ORIGIN is unset. */
  gatewayOrigin?: () => string
}

/** Proposals: shared calculators and generated proposals, opened by link, optionally behind an access code. */
export function createProposalService(
  deps: ServiceDeps<PrismaClient>,
  config: ProposalSettings = defaultSettings,
  options: ProposalServiceOptions = {},
): ServiceInstance {
  const writer = options.writer ?? createWriter(config)
  const accessCodes = accessCodePolicy(config)
  const secret = (name: 'ACCESS_CODE_KEY' | 'ADDRESS_HASH_KEY') =>
    resolveSecret({ name, configured: config[name], dataDir: config.DATA_DIR, logger: deps.logger })
  const cipher = accessCodeCipher(secret('ACCESS_CODE_KEY'))
  // The views' events go out as soon as their batch commits (the service exists only below).
  let nudgeOutbox = (): void => undefined
  const viewCounting = viewCountingPolicy(config)
  const views = new ViewRecorder({
    prisma: deps.prisma,
    dbSchema: deps.dbSchema,
    logger: deps.logger,
    counting: viewCounting,
    written: () => nudgeOutbox(),
  })
  const proposals = createProposalLoader(deps.prisma)
  const publishedProposals = createPublishedProposalCache(proposals)
  const sweeper = setInterval(() => {
    deleteEndedCodeWindows(deps.prisma, { policy: accessCodes }).catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'access-code window sweep failed'),
    )
    deleteExpiredVisits(deps.prisma).catch((error: unknown) => deps.logger.warn({ err: error }, 'proposal visit sweep failed'))
  }, SWEEP_INTERVAL_MS)
  sweeper.unref()
  const viewPeopleSweeper = setInterval(() => {
    deleteEndedViewWindows(deps.prisma, { policy: viewCounting }).catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'view people sweep failed'),
    )
  }, VIEW_PEOPLE_SWEEP_INTERVAL_MS)
  viewPeopleSweeper.unref()
  deps.logger.info({ writer: writer.name }, 'proposal writing ready')
  const routerDeps: ProposalDeps = {
    prisma: deps.prisma,
    dbSchema: deps.dbSchema,
    writer,
    publicOrigin: config.PUBLIC_ORIGIN,
    accessCodes,
    codeThrottles: { prisma: deps.prisma, dbSchema: deps.dbSchema, addressHashKey: secret('ADDRESS_HASH_KEY') },
    cipher,
    proposals,
    publishedProposals,
    accounts: createAccountLoader(deps.prisma),
    views,
    beaconKey: beaconTokenKey(deps.signingKey),
    objectStore: deps.objectStore,
    ...(options.now ? { now: options.now } : {}),
  }
  // Worker threads start on the first download; stopping the service ends them.
  const pdfRenderer = createPdfRenderer()
  const service = createService({
    name: SERVICE_NAME,
    deps,
    routers: [
      proposalsRouter(routerDeps),
      draftsRouter({ ...routerDeps, uploadedImageIds: uploadedImageIdsOf(deps.prisma) }),
      proposalImagesRouter(routerDeps),
      proposalSectionsRouter(routerDeps),
      proposalPdfRouter({
        ...routerDeps,
        pdf: pdfRenderer,
        shareOrigin: () => config.PUBLIC_ORIGIN ?? options.gatewayOrigin?.() ?? DEFAULT_GATEWAY_ORIGIN,
      }),
    ],
    consumers: [
      subscribeUserRegistered,
      subscribeUserProfileUpdated,
      subscribeSubscriptionChanged,
      (serviceDeps) => subscribeCacheEvictions(serviceDeps.bus, publishedProposals),
    ],
    onStop: async () => {
      clearInterval(sweeper)
      clearInterval(viewPeopleSweeper)
      await Promise.all([views.stop(), pdfRenderer.close()])
    },
  })
  nudgeOutbox = () => service.nudgeOutbox?.()
  return {
    ...service,
    async start() {
      // Codes the migration marked as plain text are encrypted once, idempotently (decision 091).
      const encrypted = await encryptLegacyAccessCodes(deps.prisma, cipher)
      if (encrypted > 0) deps.logger.info({ encrypted }, 'access codes stored in plain text were encrypted')
      if (!(await accessCodeKeyFits(deps.prisma, cipher))) {
        deps.logger.error('ACCESS_CODE_KEY does not decrypt the stored access codes: set the key they were encrypted with')
      }
      await service.start?.()
    },
  }
}
