import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { StoryBlock } from '../../modules/content/types.ts';
import { Picture } from './picture.tsx';
import { Prerendered } from '../lib/prerendered.tsx';
import type { PrerenderedData } from '../lib/prerendered-data.ts';

/** A name the story mentions that has a published profile, and where that profile is. */
export interface NameLink {
  name: string;
  href: string;
}

/**
 * The paragraph's text with the first mention in the story of each profiled name as a link to its
 * profile (later mentions stay plain, as in print). `linked` carries what earlier paragraphs linked.
 */
export function linkNames(text: string, names: readonly NameLink[], linked: Set<string>): ReactNode[] {
  const parts: ReactNode[] = [];
  let rest = text;
  for (;;) {
    const next = names
      .filter((n) => !linked.has(n.name))
      .map((n) => ({ ...n, at: rest.indexOf(n.name) }))
      .filter((n) => n.at >= 0)
      .sort((a, b) => a.at - b.at || b.name.length - a.name.length)[0];
    if (!next) break;
    linked.add(next.name);
    if (next.at > 0) parts.push(rest.slice(0, next.at));
    parts.push(
      <Link key={next.href} to={next.href}>
        {next.name}
      </Link>,
    );
    rest = rest.slice(next.at + next.name.length);
  }
  if (rest) parts.push(rest);
  return parts;
}

/** The story's text: kept as the server wrote it when the page hydrates (decisions 060, 062). */
export function StoryBody({ text }: { text: PrerenderedData<{ body: StoryBlock[]; names: readonly NameLink[] }> }) {
  return (
    <Prerendered as="div" className="story__body" data={text}>
      {({ body, names }) => <StoryBlocks blocks={body} names={names} />}
    </Prerendered>
  );
}

function StoryBlocks({ blocks, names }: { blocks: StoryBlock[]; names: readonly NameLink[] }) {
  const linked = new Set<string>();
  return (
    <>
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'paragraph':
            return <p key={i}>{names.length ? linkNames(block.text, names, linked) : block.text}</p>;
          case 'heading':
            return <h2 key={i}>{block.text}</h2>;
          case 'quote':
            return (
              <figure key={i} className="pullquote">
                <blockquote>
                  <p>{block.text}</p>
                </blockquote>
                <figcaption>— {block.attribution}</figcaption>
              </figure>
            );
          case 'image':
            return (
              <figure key={i} className="story__figure">
                <Picture
                  imageKey={block.art.key}
                  alt={block.alt}
                  ratio="3x2"
                  width={1280}
                  // The narrow column less the figure's 40 px margins (a phone: 16 px gutters).
                  sizes="(min-width: 760px) 620px, calc(100vw - 112px)"
                />
                <figcaption>{block.caption}</figcaption>
              </figure>
            );
        }
      })}
    </>
  );
}
