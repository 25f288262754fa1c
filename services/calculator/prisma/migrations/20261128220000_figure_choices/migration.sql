-- The seller's choices in the figures panel (issue 36).
ALTER TABLE "saved_calculator" ADD COLUMN "figure_choices" JSONB;
