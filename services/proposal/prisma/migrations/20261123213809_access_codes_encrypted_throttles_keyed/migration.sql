-- Access codes are encrypted at rest from now on (docs/decisions/091). SQL has no key to encrypt
-- with: the codes stored in plain text are marked here, and the service encrypts every marked code
-- at start-up (encryptLegacyAccessCodes); until then it reads a marked code as it was.
UPDATE "proposal" SET "access_code" = 'plain:' || "access_code" WHERE "access_code" IS NOT NULL;

-- Attempt rows were keyed by an unkeyed SHA-256 of proposal and address; the new keys are HMACs
-- under ADDRESS_HASH_KEY. The old rows limit nothing any more.
DELETE FROM "access_code_throttle";
