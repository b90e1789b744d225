/** How many people a look-up lists: the door needs the one in front of it, not a page. */
export const DOOR_RESULTS = 20
/**
 * How far a look-up that must check its candidates counts the matches: beyond it the
 * answer is "more than 1,000" (the clerk types more long before), and a keystroke never
 * checks the whole roster to count people nobody will read.
 */
export const DOOR_COUNT_LIMIT = 1000

export interface DoorMatches {
  hits: DoorEntry[]
  total: number
  /** More than `total` (DOOR_COUNT_LIMIT) match. */
  more: boolean
}

/** One person of a roster's look-up index (100,000 of them within a keystroke). */
export interface DoorEntry {
  signUpId: number
  code: string
  name: string
  telephone: string
  initials: string
}

const EMPTY: readonly number[] = []

/** For each key (a small number), the entries holding it: ascending positions, each once. */
class Postings {
  private readonly lists = new Map<number, number[]>()

  /** Entries are added in order, so a repeat of the same entry is the list's last item. */
  add(key: number, entry: number): void {
    let list = this.lists.get(key)
    if (!list) this.lists.set(key, (list = []))
    if (list[list.length - 1] !== entry) list.push(entry)
  }

  get(key: number): readonly number[] {
    return this.lists.get(key) ?? EMPTY
  }

  /** The shortest list of these keys: every match holds all of them, so it has the fewest to check. */
  shortest(keys: readonly number[]): readonly number[] {
    let best: readonly number[] | undefined
    for (const key of keys) {
      const list = this.get(key)
      if (!best || list.length < best.length) best = list
    }
    return best ?? EMPTY
  }
}

/** Digit grams of one to three digits as one number each (1, 12, 123 → distinct keys); -1 when not all digits. */
function digitGram(text: string, start: number, length: number): number {
  let value = 0
  for (let i = start; i < start + length; i++) {
    const d = text.charCodeAt(i) - 48
    if (d < 0 || d > 9) return -1
    value = value * 10 + d
  }
  // Offsets keep 7, 07 and 007 apart: 0–9, 10–109, 110–1109.
  return value + (length === 1 ? 0 : length === 2 ? 10 : 110)
}

/** Pinyin-initial prefixes of one or two letters (a–z) as one number each. */
const prefixKey = (initials: string, length: number) =>
  length === 1 ? initials.charCodeAt(0) : 1000 + (initials.charCodeAt(0) - 97) * 26 + (initials.charCodeAt(1) - 97)

interface Candidates {
  list: readonly number[]
  /** Every candidate matches (the query is itself a key): nothing to check, the list's length is the count. */
  exact: boolean
}

/**
 * A training's roster as a look-up index, built once when the desk opens: a keystroke
 * checks only the entries of its rarest key, never the whole roster. Digits look up
 * phone numbers by their grams of up to three digits (longer text: the rarest of its
 * three-digit grams, then checked whole) and sign-up codes exactly; latin letters the
 * first two pinyin initials; anything else the characters of the name. Under a busy
 * machine a scan of 100,000 people took tens of milliseconds; this reads hundreds.
 */
export class DoorIndex {
  private readonly phoneGrams = new Postings()
  private readonly prefixes = new Postings()
  private readonly nameChars = new Postings()
  private readonly byCode = new Map<string, DoorEntry[]>()
  private readonly byName = new Map<string, DoorEntry[]>()

  /** `entries` in sign-up order: the order results are listed in. */
  constructor(private readonly entries: readonly DoorEntry[]) {
    entries.forEach((e, i) => {
      for (let length = 1; length <= 3; length++) {
        for (let start = 0; start + length <= e.telephone.length; start++) {
          const gram = digitGram(e.telephone, start, length)
          if (gram >= 0) this.phoneGrams.add(gram, i)
        }
      }
      for (let length = 1; length <= Math.min(2, e.initials.length); length++) this.prefixes.add(prefixKey(e.initials, length), i)
      for (let c = 0; c < e.name.length; c++) this.nameChars.add(e.name.charCodeAt(c), i)
      push(this.byCode, e.code, e)
      push(this.byName, e.name, e)
    })
  }

  get size(): number {
    return this.entries.length
  }

  /**
   * The first DOOR_RESULTS people matching `query` (lower case, trimmed), an exact sign-up
   * code or full name ahead, and how many match in all.
   */
  search(query: string): DoorMatches {
    if (/^\d+$/.test(query)) return this.find(this.byCode.get(query), this.phoneCandidates(query), (e) => e.telephone.includes(query))
    if (/^[a-z]+$/.test(query)) {
      const exact = query.length <= 2
      return this.find(undefined, { list: this.prefixes.get(prefixKey(query, exact ? query.length : 2)), exact }, (e) => e.initials.startsWith(query))
    }
    const chars = Array.from({ length: query.length }, (_, i) => query.charCodeAt(i))
    return this.find(this.byName.get(query), { list: this.nameChars.shortest(chars), exact: query.length === 1 }, (e) => e.name.includes(query))
  }

  private phoneCandidates(query: string): Candidates {
    if (query.length <= 3) return { list: this.phoneGrams.get(digitGram(query, 0, query.length)), exact: true }
    const grams = Array.from({ length: query.length - 2 }, (_, start) => digitGram(query, start, 3))
    return { list: this.phoneGrams.shortest(grams), exact: false }
  }

  /**
   * `first` (an exact code or name) ahead, then the candidates that match, in sign-up
   * order. An exact list counts itself; checked candidates are counted up to the limit.
   */
  private find(first: readonly DoorEntry[] | undefined, { list, exact }: Candidates, match: (e: DoorEntry) => boolean): DoorMatches {
    const top = (first ?? []).slice(0, DOOR_RESULTS)
    const rest: DoorEntry[] = []
    let total = exact ? list.length : 0
    let more = false
    for (const position of list) {
      if (exact && rest.length === DOOR_RESULTS) break
      const e = this.entries[position]
      if (!exact) {
        if (!match(e)) continue
        if (total === DOOR_COUNT_LIMIT) {
          more = true
          break
        }
        total++
      }
      if (rest.length < DOOR_RESULTS && !top.includes(e)) rest.push(e)
    }
    // An exact code that is not also part of a phone number counts on its own.
    if (!more) total += (first ?? []).filter((e) => !match(e)).length
    return { hits: [...top, ...rest].slice(0, DOOR_RESULTS), total, more }
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}
