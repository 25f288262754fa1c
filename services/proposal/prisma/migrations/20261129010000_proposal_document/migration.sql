-- Issue 37: the seller's document — the published one, the autosaved draft with its revision, and every publication.
-- AlterTable
ALTER TABLE "proposal" ADD COLUMN     "document" JSONB,
ADD COLUMN     "draft_document" JSONB,
ADD COLUMN     "draft_revision" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "draft_saved_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "proposal_publication" (
    "id" UUID NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "document" JSONB NOT NULL,
    "published_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "proposal_publication_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "proposal_publication_proposal_id_number_key" ON "proposal_publication"("proposal_id", "number");

-- AddForeignKey
ALTER TABLE "proposal_publication" ADD CONSTRAINT "proposal_publication_proposal_id_fkey" FOREIGN KEY ("proposal_id") REFERENCES "proposal"("id") ON DELETE CASCADE ON UPDATE CASCADE;
