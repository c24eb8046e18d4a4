// Palettes: restrained, editorial colour sets. Names are used in captions and alt text.

interface PaletteSeed {
  name: string;
  colours: ReadonlyArray<readonly [hex: string, name: string]>;
}

export const PALETTES: readonly PaletteSeed[] = [
  {
    name: 'ink',
    colours: [
      ['#1c2230', 'ink'],
      ['#ece4d6', 'bone'],
      ['#b8a68c', 'sand'],
      ['#5b6472', 'slate'],
    ],
  },
  {
    name: 'camel',
    colours: [
      ['#c19a6b', 'camel'],
      ['#2a2522', 'espresso'],
      ['#efe7da', 'cream'],
      ['#8a6a4a', 'tobacco'],
    ],
  },
  {
    name: 'oxblood',
    colours: [
      ['#5a1a1f', 'oxblood'],
      ['#e9dfd3', 'parchment'],
      ['#a9746e', 'clay'],
      ['#2b1d1d', 'burnt umber'],
    ],
  },
  {
    name: 'sage',
    colours: [
      ['#9aa58f', 'sage'],
      ['#e8e6dc', 'chalk'],
      ['#4d5a4a', 'moss'],
      ['#c9b99b', 'flax'],
    ],
  },
  {
    name: 'dusty-rose',
    colours: [
      ['#c9a1a0', 'dusty rose'],
      ['#f1e6e0', 'blush'],
      ['#6b4f55', 'mauve'],
      ['#2e2a2c', 'charcoal'],
    ],
  },
  {
    name: 'slate',
    colours: [
      ['#50606e', 'slate'],
      ['#dfe2e0', 'chalk'],
      ['#9aa7b0', 'pewter'],
      ['#1f262c', 'graphite'],
    ],
  },
  {
    name: 'navy',
    colours: [
      ['#1d2b4a', 'navy'],
      ['#eee6d3', 'ecru'],
      ['#b79f74', 'antique gold'],
      ['#6a7a94', 'chambray'],
    ],
  },
  {
    name: 'olive',
    colours: [
      ['#5e5b3a', 'olive'],
      ['#a4532c', 'rust'],
      ['#e6dccb', 'oat'],
      ['#2d2a20', 'peat'],
    ],
  },
  {
    name: 'terracotta',
    colours: [
      ['#b86b4b', 'terracotta'],
      ['#f0e2d0', 'sand'],
      ['#6e3b2a', 'umber'],
      ['#d9a57c', 'apricot'],
    ],
  },
  {
    name: 'forest',
    colours: [
      ['#23372d', 'forest green'],
      ['#efe8d8', 'cream'],
      ['#7d8c6a', 'lichen'],
      ['#b59a62', 'brass'],
    ],
  },
  {
    name: 'plum',
    colours: [
      ['#4a2c3d', 'plum'],
      ['#d6d1cc', 'dove grey'],
      ['#8b6f7f', 'heather'],
      ['#1f1a1e', 'aubergine'],
    ],
  },
  {
    name: 'ochre',
    colours: [
      ['#3f5a6b', 'steel blue'],
      ['#d3a44a', 'ochre'],
      ['#ebe5d8', 'paper'],
      ['#222a30', 'ink'],
    ],
  },
  {
    name: 'powder',
    colours: [
      ['#c6d3dc', 'powder blue'],
      ['#2f3235', 'charcoal'],
      ['#eae6df', 'stone'],
      ['#8fa3b2', 'dusk blue'],
    ],
  },
];
