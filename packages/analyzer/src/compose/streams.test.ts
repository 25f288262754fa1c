import { describe, expect, it } from 'vitest'
import { readText } from '../analyze.ts'

function read(text: string, language: 'en' | 'sv' = 'en') {
  return readText([{ page: 1, text }], { language, currency: language === 'sv' ? 'SEK' : 'USD' })
}

describe('compose: streams', () => {
  it('lets the effect whose figures are written with it take them first, whatever the order', () => {
    const english = read(
      'A retail chain with 20 stores loses about $3,000 per shop per month to shoplifting; our tags cut those losses by 60%. Its $150,000 annual theft insurance premium typically drops 8%.',
    )
    expect(english.grossYearly).toBeCloseTo(20 * 3_000 * 12 * 0.6 + 150_000 * 0.08, 0)
    const swedish = read(
      'Kedjan har 20 butiker och förlorar ungefär 30 000 kr per butik och månad på stölder; våra larmbågar minskar förlusterna med 60 %. Dessutom sjunker den årliga försäkringspremien på 400 000 kr med 8 %.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(20 * 30_000 * 12 * 0.6 + 400_000 * 0.08, 0)
  })

  it('keeps the share of a spend that moving work from a dearer rate to a cheaper one saves', () => {
    const english = read(
      'A carrier spends $2M a year on contract drivers at about $60 an hour, whereas its own drivers cost $40 an hour. Our planning tool moves 25% of contract hours to own drivers.',
    )
    expect(english.grossYearly).toBeCloseTo((2_000_000 * 0.25 * (60 - 40)) / 60, 0)
    const swedish = read(
      'Kommunen lägger 6 miljoner kr om året på inhyrda tolkar à 900 kr i timmen, medan egna tolkar kostar 450 kr i timmen. Vår bokningstjänst flyttar 40 % av timmarna till egna tolkar.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo((6_000_000 * 0.4 * (900 - 450)) / 900, 0)
  })

  it('reads what an effect at the end of its clause is about from the words before it', () => {
    const english = read(
      'Your staging servers cost about $9,000 a month, out of a total cloud bill of around $50,000 a month. Our scheduler parks them at night; for our clients the cost of those servers is cut by 50%. We charge 1% of the total cloud bill.',
    )
    expect(english.grossYearly).toBeCloseTo(9_000 * 12 * 0.5, 0)
    const swedish = read(
      'Era servrar för test och utveckling kostar omkring 90 000 kr i månaden. Vår schemaläggare stänger dem nattetid; hos våra kunder har kostnaden för servrarna sjunkit med hälften. Priset är 1 % av er totala molnfaktura – du sa att den ligger kring 500 000 kr per månad.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(90_000 * 12 * 0.5, 0)
  })

  it('does not take the offer named as the subject ("our meters cut that") for what the effect changes', () => {
    const english = read(
      'A property manager with 25 apartment blocks spends $90,000 a year on water leaks; our meters cut that by 30%. One meter per block at $18 a month.',
    )
    expect(english.grossYearly).toBeCloseTo(90_000 * 0.3)
    const swedish = read(
      'Kedjan lägger 1,2 miljoner kr om året på kyldiskar som går sönder; våra givare minskar det med 40 %. En givare per disk för 45 kr i månaden, 30 diskar.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(1_200_000 * 0.4)
  })

  it('does not take what the offer costs for the cost an effect cuts ("cuts fuel costs … the service costs")', () => {
    const english = read(
      'Our scheduling tool cuts overtime costs by 15%. Your crews log $20,000 of overtime a month, and the tool costs $900 per month.',
    )
    expect(english.grossYearly).toBeCloseTo(20_000 * 12 * 0.15)
    expect(english.priceYearly).toBeCloseTo(900 * 12)
    const swedish = read(
      'Vår planering minskar bränslekostnaderna med 10 %. Ni lägger 300 000 kr i månaden på bränsle, och tjänsten kostar 4 000 kr per månad.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(300_000 * 12 * 0.1)
  })

  it('reads a bare time beside a count a year as the time per thing a speed-up shortens', () => {
    const english = read(
      'Your office handles about 4,000 permit applications a year, and each one takes a clerk around 45 minutes. Our portal makes the review 3x faster. Clerk time costs $40 per hour.',
    )
    expect(english.grossYearly).toBeCloseTo(4_000 * 0.75 * 40 * (2 / 3), 0)
    const swedish = read(
      'Ni hanterar ungefär 4 000 bygglovsansökningar om året, och var och en tar en handläggare runt 45 minuter. Med vår portal går granskningen tre gånger så snabbt. En handläggartimme kostar 400 kr per timme.',
      'sv',
    )
    expect(swedish.grossYearly).toBeCloseTo(4_000 * 0.75 * 400 * (2 / 3), 0)
  })
})
