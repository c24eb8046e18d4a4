// npm run docs:settings — rewrites the settings table in README.md.
import { readFile, writeFile } from 'node:fs/promises';
import { withSettingsTable } from '../src/config/settings-table.ts';

const readme = await readFile('README.md', 'utf8');
await writeFile('README.md', withSettingsTable(readme));
console.log('README.md settings table updated');
