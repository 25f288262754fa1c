import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import type { UserRecord } from '@valueproof/contracts'
import { CalculatorIcon, FileTextIcon } from '../components/icons.tsx'
import { pageHead } from '../page-title.ts'
import { userQueryOptions } from '../queries/user.ts'

export const Route = createFileRoute('/')({
  head: () => pageHead(),
  component: IndexPage,
})

function IndexPage() {
  const { data: user } = useSuspenseQuery(userQueryOptions())
  return user === null ? <Landing /> : <Home user={user} />
}

/** The signed-out landing page. Its full body (demo, pricing, testimonials) arrives with its own issue. */
function Landing() {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-20 text-center sm:py-28">
      <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Prove ROI instantly</h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
        Upload a proposal, get an interactive calculator, share it with prospects.
      </p>
    </section>
  )
}

const cardClassName =
  'flex items-start gap-4 rounded-lg border bg-card p-6 text-card-foreground shadow-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

function Home({ user }: { user: UserRecord }) {
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">Hello, {user.username}</h1>
      <p className="mt-2 text-muted-foreground">What would you like to do?</p>
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <Link to="/calculator" className={cardClassName}>
          <CalculatorIcon className="mt-1 size-6 shrink-0 text-primary" />
          <span>
            <span className="block font-semibold">Create a calculator</span>
            <span className="mt-1 block text-sm text-muted-foreground">
              Turn a proposal document or a description of your service into an interactive calculator.
            </span>
          </span>
        </Link>
        <Link to="/proposals" className={cardClassName}>
          <FileTextIcon className="mt-1 size-6 shrink-0 text-primary" />
          <span>
            <span className="block font-semibold">My Proposals</span>
            <span className="mt-1 block text-sm text-muted-foreground">See the proposals you have created and shared.</span>
          </span>
        </Link>
      </div>
    </section>
  )
}
