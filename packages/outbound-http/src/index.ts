export { OUTBOUND_ALLOWED_RANGES_MESSAGE, OUTBOUND_ALLOWED_TARGETS_MESSAGE, outboundEnv } from './config.ts'
export {
  createOutboundClient,
  OutboundRefusal,
  type OutboundClient,
  type OutboundClientOptions,
  type OutboundPost,
  type OutboundRefusalReason,
  type OutboundRequest,
  type OutboundResponse,
} from './outbound-client.ts'
