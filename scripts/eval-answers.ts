// npm run eval:answers — The Brain of Fashion's evaluation (issue 20 part 2, decision 052): each
// question of src/modules/answers/eval-questions.json (about the demo content, with the sources a good
// answer cites) asked by a signed-out reader, a Standard member and a Premium member, on a fresh
// database with the demo content and the provider the settings choose (the extractive one unless
// ANSWERS_API_URL and ANSWERS_MODEL are set). Prints, per reader:
//   - source recall: the share of expected sources the answer cites;
//   - citation precision: the share of cited sources that are expected ones;
//   - answers holding text the reader may not read: every sentence of every story body the walls keep
//     from that reader (and no text they may read holds) is searched for in the answer. Must be 0:
//     the script fails otherwise.
// EVAL_DATABASE_URL: a PostgreSQL server to use instead of an embedded database (a database of its
// own is made there and dropped); EVAL_VERBOSE=1 prints each question's answer.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import postgres from 'postgres';
import { loadConfig } from '../src/config/config.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import { GLOSSARY } from '../src/modules/answers/glossary.ts';
import { sentences } from '../src/modules/answers/words.ts';
import { createLimitStore } from '../src/platform/rate-limits.ts';
import { prepareDatabase } from '../src/server/boot.ts';
import { createServices } from '../src/server/services.ts';
import { LOGGED_OUT_USER, type SessionUser } from '../src/shared/auth/session-user.ts';

interface EvalQuestion {
  question: string;
  /** Source URLs a good answer cites: a story, a profile, a glossary entry (/the-brain-of-fashion/#glossary-…). */
  sources: string[];
}

const questions = JSON.parse(
  await readFile(new URL('../src/modules/answers/eval-questions.json', import.meta.url), 'utf8'),
) as EvalQuestion[];
const VERBOSE = process.env.EVAL_VERBOSE === '1';
const SERVER = process.env.EVAL_DATABASE_URL;
const NAME = 'atelier_eval_answers';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atelier-eval-'));
const config = loadConfig({
  APP_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  ANSWERS_API_URL: process.env.ANSWERS_API_URL,
  ANSWERS_API_KEY: process.env.ANSWERS_API_KEY,
  ANSWERS_MODEL: process.env.ANSWERS_MODEL,
});
const admin = SERVER ? postgres(SERVER, { max: 1, onnotice: () => {} }) : null;
let database: Database;
if (admin && SERVER) {
  await admin.unsafe(`drop database if exists ${NAME} with (force)`);
  await admin.unsafe(`create database ${NAME}`);
  const url = new URL(SERVER);
  url.pathname = `/${NAME}`;
  database = await openDatabase({ kind: 'postgres', url: url.toString() });
} else {
  database = await openDatabase({ kind: 'pglite', dataDir });
}

function member(level: string): SessionUser {
  return { ...LOGGED_OUT_USER, isLoggedIn: true, id: '1', membershipLevel: level, isMember: true, isEmailVerified: true };
}
const READERS: [string, SessionUser | null][] = [
  ['signed out', null],
  ['Standard member', member('Standard')],
  ['Premium member', member('Premium')],
];

try {
  const started = performance.now();
  await prepareDatabase(database, config);
  const limits = createLimitStore({ keyPrefix: 'eval' });
  const { services, modules } = createServices({ db: database.db, config, log: pino({ level: 'silent' }), limits });
  const provider = config.answers.apiUrl ? `chat-completions (${config.answers.model})` : 'extractive';
  console.log(`demo content ready in ${((performance.now() - started) / 1000).toFixed(1)} s; provider: ${provider}`);

  // Every text there is, and who may read it: story bodies by the walls decision, everything else open.
  const stories = await services.content.storiesForSearch({ limit: 100_000 });
  const open: string[] = [...GLOSSARY.map((term) => term.definition), ...stories.flatMap((s) => [s.headline, s.standfirst])];
  for (const kind of ['person', 'organisation'] as const) {
    for (const profile of await services.profiles.profilesForSearch({ kind, limit: 100_000 })) {
      open.push(profile.name, profile.description, profile.body);
    }
  }

  const rows: string[] = [];
  let leaks = 0;
  for (const [reader, user] of READERS) {
    const readsWhole = (story: (typeof stories)[number]) =>
      services.walls.readsWhole({ user, story: { access: story.access, topicSlug: story.topics[0]?.slug ?? '' } });
    const readable = [...open, ...stories.filter(readsWhole).map((s) => s.bodyText)].join('\n');
    // Sentences of the bodies this reader may not read that nothing they may read holds as well.
    const gated = [
      ...new Set(
        stories
          .filter((s) => !readsWhole(s))
          .flatMap((s) => sentences(s.bodyText))
          .filter((s) => s.split(/\s+/).length >= 5 && !readable.includes(s)),
      ),
    ];
    let recall = 0;
    let precisionSum = 0;
    let precisionCount = 0;
    let leaked = 0;
    const slow: number[] = [];
    for (const { question, sources: expected } of questions) {
      const t = performance.now();
      const outcome = await services.answers.answer({ question, user });
      slow.push(performance.now() - t);
      if (outcome.type === 'error') {
        console.log(`  ${reader}: “${question}” → error: ${outcome.message}`);
        continue;
      }
      const cited = outcome.cited.map((n) => outcome.sources[n - 1]!.url);
      recall += expected.filter((url) => cited.includes(url)).length / expected.length;
      if (cited.length > 0) {
        precisionSum += cited.filter((url) => expected.includes(url)).length / cited.length;
        precisionCount += 1;
      }
      const holds = gated.filter((sentence) => outcome.answer.includes(sentence));
      if (holds.length > 0) {
        leaked += 1;
        console.log(`  LEAK ${reader}: “${question}” → ${holds[0]}`);
      }
      if (VERBOSE) console.log(`  ${reader}: “${question}”\n    ${outcome.answer}\n    cited ${cited.join(' ')}`);
    }
    leaks += leaked;
    slow.sort((a, b) => a - b);
    rows.push(
      [
        reader.padEnd(16),
        (recall / questions.length).toFixed(2).padStart(13),
        (precisionCount ? precisionSum / precisionCount : 0).toFixed(2).padStart(19),
        String(leaked).padStart(23),
        `${slow[Math.floor(slow.length / 2)]!.toFixed(0)} ms`.padStart(12),
      ].join(' '),
    );
  }
  console.log(`\nThe Brain of Fashion on ${questions.length} questions about the demo content (${provider})\n`);
  console.log(
    `${'reader'.padEnd(16)} ${'source recall'.padStart(13)} ${'citation precision'.padStart(19)} ${'answers w/ unreadable text'.padStart(23)} ${'median time'.padStart(12)}`,
  );
  for (const row of rows) console.log(row);
  console.log(`\nanswers holding text the asking reader may not read: ${leaks}${leaks === 0 ? '' : ' — must be 0'}`);
  for (const module of modules) await module.onClose?.();
  await limits.close();
  if (leaks > 0) process.exitCode = 1;
} finally {
  await database.close();
  if (admin) {
    await admin.unsafe(`drop database if exists ${NAME} with (force)`);
    await admin.end();
  }
  await rm(dataDir, { recursive: true, force: true });
}
