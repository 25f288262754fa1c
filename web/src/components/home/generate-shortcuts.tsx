import { Link } from '@tanstack/react-router'
import { FileTextIcon, PlusIcon } from '../icons.tsx'

const cardClassName =
  'flex items-start gap-4 rounded-lg border bg-card p-5 text-card-foreground shadow-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:p-6'

/** Straight into the generator with its input ready: the upload area, or the description box. */
export function GenerateShortcuts() {
  return (
    <section aria-labelledby="home-generate-title" className="grid gap-3">
      <h2 id="home-generate-title" className="text-lg font-semibold tracking-tight">
        Create a calculator
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Link to="/calculator" search={{ input: 'file' }} className={cardClassName}>
          <FileTextIcon className="mt-0.5 size-6 shrink-0 text-primary" />
          <span>
            <span className="block font-semibold">Generate from a file</span>
            <span className="mt-1 block text-sm text-muted-foreground">
              Upload a proposal (PDF or DOCX) and get an interactive calculator.
            </span>
          </span>
        </Link>
        <Link to="/calculator" search={{ input: 'description' }} className={cardClassName}>
          <PlusIcon className="mt-0.5 size-6 shrink-0 text-primary" />
          <span>
            <span className="block font-semibold">Generate from a description</span>
            <span className="mt-1 block text-sm text-muted-foreground">Describe your service in a few sentences instead.</span>
          </span>
        </Link>
      </div>
    </section>
  )
}
