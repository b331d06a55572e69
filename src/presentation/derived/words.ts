/**
 * The English words of the kit's own labels: which first words are verbs, and each verb's forms by
 * tense. Kept in this one module so that a `labels` option can later replace the English defaults.
 */
import type { StepStatus } from 'tool-steps/core';

/** Which form a label takes: the base imperative, the present participle or the past. */
export type Tense = 'base' | 'present' | 'past';

/** A verb's forms: `{ base: 'delete', present: 'deleting', past: 'deleted' }`. */
export interface VerbForms {
  base: string;
  present: string;
  past: string;
}

/**
 * The tense a status reads best in: `running` and `input-streaming` → `present` ("Deleting file"),
 * `succeeded` → `past` ("Deleted file"), anything else → `base` ("Delete file").
 */
export function tenseOf(status: StepStatus | undefined): Tense {
  return status === 'running' || status === 'input-streaming' ? 'present' : status === 'succeeded' ? 'past' : 'base';
}

// Words that start tool names as verbs. Nouns that happen to be verbs (order, label, deal, lead, feed,
// input) are left out on purpose: `deal_details` must not become "Dealt details".
const VERBS = new Set(
  `add analyze analyse annotate answer append apply approve archive ask assign attach authenticate backup block book
  browse build buy calculate call cancel capture change charge check choose clean clear click clone close collect
  combine comment commit compare compile compress compute configure confirm connect convert copy count crawl create
  crop cut debug decode decrypt delegate delete deploy describe detect diff disable disconnect dispatch display do
  download drag draw drop duplicate edit embed emit enable encode encrypt enrich estimate evaluate execute explain
  explore export extract fetch fill filter find fix flag focus follow fork format forward generate get give grep hash
  highlight hover import index inspect install invite invoke join kill launch list load locate lock log login logout
  look lookup make mark measure merge migrate modify monitor move mute navigate notify open parse patch pause pay ping
  plan play plot post predict press preview print process publish pull purchase push put query rank read reboot
  record refresh refund register reject release reload remember remove rename render reorder replace reply report
  request reserve reset resize resolve restart restore resume retrieve retry review revert rewrite rotate run save
  scan schedule scrape scroll search select sell send set setup share show sign signin signup sleep solve
  sort speak split start stop store submit subscribe summarize switch sync tag take tap test think toggle track
  transcribe transfer transform translate trigger truncate type undo uninstall unlock unsubscribe unzip update upgrade
  upload upsert use validate verify view visit wait watch write zip`.split(/\s+/),
);

// Irregular pasts, as `verb past` pairs; the present participle follows the rules below.
const IRREGULAR: Record<string, string> = {};
const irregularPairs =
  `get got run ran find found read read write wrote send sent make made set set put put build built buy bought
  take took give gave do did see saw think thought begin began keep kept cut cut hold held seek sought bring brought
  choose chose draw drew forget forgot hide hid lose lost meet met pay paid say said sell sold shut shut sleep slept
  speak spoke spend spent split split spin spun tell told understand understood go went know knew leave left
  teach taught catch caught throw threw win won hit hit spread spread quit quit dig dug hang hung stick stuck
  overwrite overwrote rewrite rewrote rerun reran rebuild rebuilt redo redid undo undid resend resent reset reset`.split(
    /\s+/,
  );
for (let i = 0; i < irregularPairs.length; i += 2)
  IRREGULAR[irregularPairs[i] as string] = irregularPairs[i + 1] as string;

// One-word spellings of phrasal verbs: `lookup_customer` reads "Looking up customer".
const PHRASAL: Record<string, string> = {
  lookup: 'look up',
  setup: 'set up',
  backup: 'back up',
  login: 'log in',
  logout: 'log out',
  signin: 'sign in',
  signup: 'sign up',
};

// Two-syllable verbs stressed on the end double their last consonant (submitting, formatted).
const DOUBLES = new Set(
  'admit commit emit omit permit submit transmit embed unzip unpin control patrol refer prefer occur transfer debug format program regret rerun reset forget begin upset'.split(
    ' ',
  ),
);

function regular(verb: string, past: string | undefined): VerbForms {
  let present: string;
  if (/(?:ee|ye|oe)$/.test(verb)) {
    present = `${verb}ing`;
    past ??= `${verb}d`;
  } else if (verb.endsWith('ie')) {
    present = `${verb.slice(0, -2)}ying`;
    past ??= `${verb}d`;
  } else if (verb.endsWith('e')) {
    present = `${verb.slice(0, -1)}ing`;
    past ??= `${verb}d`;
  } else if (/[^aeiou]y$/.test(verb)) {
    present = `${verb}ing`;
    past ??= `${verb.slice(0, -1)}ied`;
  } else if (DOUBLES.has(verb) || /^(?:qu|[^aeiouy])*[aeiou][^aeiouwxy]$/.test(verb)) {
    const last = verb.slice(-1);
    present = `${verb}${last}ing`;
    past ??= `${verb}${last}ed`;
  } else {
    present = `${verb}ing`;
    past ??= `${verb}ed`;
  }
  return { base: verb, present, past };
}

/**
 * Whether a lower-case first word reads as a verb, so a label starting with it is conjugated: a table
 * of the verbs tool names start with, or an -ize/-ify word. Nouns that are also verbs (`order`,
 * `label`, `deal`, `input`) are not in it.
 */
export function isVerb(word: string): boolean {
  return VERBS.has(word) || (word.length > 5 && /(?:ize|ify)$/.test(word));
}

/**
 * A verb's base, present-participle and past forms: irregular pasts from a table (`run` → ran,
 * `find` → found, `write` → wrote), phrasal one-word verbs (`lookup` → looking up, looked up), and the
 * regular rules: e-drop (creating, created), consonant doubling (stopping, stopped; not fixing or
 * showing), y → ied (queried, but played).
 */
export function verbForms(word: string): VerbForms {
  const verb = word.toLowerCase();
  const phrasal = Object.hasOwn(PHRASAL, verb) ? PHRASAL[verb] : undefined;
  if (phrasal) {
    const [head = '', particle] = phrasal.split(' ');
    const forms = regular(head, Object.hasOwn(IRREGULAR, head) ? IRREGULAR[head] : undefined);
    return { base: verb, present: `${forms.present} ${particle}`, past: `${forms.past} ${particle}` };
  }
  return regular(verb, Object.hasOwn(IRREGULAR, verb) ? IRREGULAR[verb] : undefined);
}

/**
 * A label in the tense its status reads best in: the first word is conjugated when it reads as a
 * verb ("Delete file" → "Deleting file" while running, "Deleted file" when done); other labels
 * ("Weather", "Orders search") are returned unchanged. `forms` replaces the English verb forms
 * (the `labels.tools.verbForms` option).
 */
export function labelInTense(label: string, tense: Tense, forms: (verb: string) => VerbForms = verbForms): string {
  if (tense === 'base') return label;
  const space = label.indexOf(' ');
  const first = space < 0 ? label : label.slice(0, space);
  if (!isVerb(first.toLowerCase())) return label;
  const word = forms(first)[tense];
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}${space < 0 ? '' : label.slice(space)}`;
}
