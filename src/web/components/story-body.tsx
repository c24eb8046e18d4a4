import type { StoryBlock } from '../../modules/content/types.ts';
import { Picture } from './picture.tsx';

export function StoryBody({ blocks }: { blocks: StoryBlock[] }) {
  return (
    <div className="story__body">
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'paragraph':
            return <p key={i}>{block.text}</p>;
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
                <Picture imageKey={block.art.key} alt={block.alt} ratio="3x2" width={1280} sizes="(min-width: 760px) 680px, 100vw" />
                <figcaption>{block.caption}</figcaption>
              </figure>
            );
        }
      })}
    </div>
  );
}
