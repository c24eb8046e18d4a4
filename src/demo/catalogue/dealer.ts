// Decks: pools are dealt without replacement and reshuffled when exhausted. Templates with no
// variable parts are retired after one use, and no finished sentence is ever used twice.
import { at, type Rng } from './random.ts';
import { isFixedText, splitSentences, stripTags, wordCount } from './text.ts';

/** However varied its fillings, no sentence frame is used more often than this. */
const MAX_TEMPLATE_USES = 8;

export class Dealer {
  private readonly decks = new Map<string, string[]>();
  private readonly retired = new Set<string>();
  private readonly usedSentences = new Set<string>();
  private readonly usedItems = new Set<string>();
  private readonly uses = new Map<string, number>();
  private readonly capped = new Set<string>();

  constructor(private readonly rng: Rng) {}

  /**
   * Draw from a pool a template that `accept` allows, fill it and return the text, or null.
   * `storyUsed` holds templates already used by the current story. A filled template is
   * rejected if any of its sentences (four words or more) has appeared anywhere before.
   */
  draw(
    id: string,
    source: readonly string[],
    accept: (template: string) => boolean,
    fill: (template: string) => string,
    storyUsed: Set<string>,
    relaxed = false,
  ): string | null {
    const usable = (t: string): boolean => !this.retired.has(t) && (relaxed || !this.capped.has(t));
    for (let pass = 0; pass < 2; pass++) {
      let deck = this.decks.get(id);
      if (!deck || deck.length === 0 || pass === 1) {
        deck = this.rng.shuffle(source.filter(usable));
        this.decks.set(id, deck);
      }
      for (let i = 0; i < deck.length; i++) {
        const template = at(deck, i);
        if (storyUsed.has(template) || !usable(template) || !accept(template)) continue;
        for (let attempt = 0; attempt < 4; attempt++) {
          const text = fill(template);
          const sentences = splitSentences(text).filter((x) => wordCount(x) >= 4);
          if (sentences.some((x) => this.usedSentences.has(x))) continue;
          deck.splice(i, 1);
          storyUsed.add(template);
          for (const x of sentences) this.usedSentences.add(x);
          const uses = (this.uses.get(template) ?? 0) + 1;
          this.uses.set(template, uses);
          if (uses >= MAX_TEMPLATE_USES) this.capped.add(template);
          if (splitSentences(stripTags(template)).some((x) => isFixedText(x) && wordCount(x) >= 4)) this.retired.add(template);
          return text;
        }
      }
    }
    return null;
  }

  /** Record sentences written elsewhere (ledes), so pools never repeat them. */
  reserve(text: string): void {
    for (const x of splitSentences(text)) if (wordCount(x) >= 4) this.usedSentences.add(x);
  }

  /** Take an item that may be used once only (pull quotes). */
  once(id: string, source: readonly string[]): string | null {
    let deck = this.decks.get(id);
    if (!deck) {
      deck = this.rng.shuffle(source);
      this.decks.set(id, deck);
    }
    while (deck.length > 0) {
      const item = deck.shift() as string;
      if (!this.usedItems.has(item)) {
        this.usedItems.add(item);
        return item;
      }
    }
    return null;
  }
}
