import { testimonialsSection, type Testimonial } from './content.ts'

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <li className="flex flex-col rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
      <figure className="flex flex-1 flex-col">
        <blockquote className="flex-1 text-pretty">
          <p>“{testimonial.quote}”</p>
        </blockquote>
        <figcaption className="mt-6 flex items-center gap-4">
          <img
            src={testimonial.portrait}
            alt={`Portrait of ${testimonial.name}`}
            width={56}
            height={56}
            loading="lazy"
            className="size-14 rounded-full"
          />
          <span>
            <span className="block font-semibold">{testimonial.name}</span>
            <span className="block text-sm text-muted-foreground">
              {testimonial.role}, {testimonial.company}
            </span>
          </span>
        </figcaption>
      </figure>
    </li>
  )
}

/** SPEC §2: five to six cards with people and their portraits. */
export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-title" className="border-y bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="testimonials-title" className="text-3xl font-bold tracking-tight">
          {testimonialsSection.title}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {testimonialsSection.items.map((testimonial) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} />
          ))}
        </ul>
      </div>
    </section>
  )
}
