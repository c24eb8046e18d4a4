// The fashion glossary The Brain of Fashion answers from (issue 20 part 2, decision 052): the trade's
// words with plain definitions, owned by this module and open to every reader. Each term is a
// passage of its own (cited like a story, linking to its entry on /the-brain-of-fashion/) and is
// named in the answer's analytics (`fashionGlossary`: the slugs).

export interface GlossaryTerm {
  /** Stable id: the entry's anchor and the analytics value. */
  slug: string;
  term: string;
  /** Other ways the term is written, matched like the term itself. */
  aliases?: string[];
  definition: string;
}

export const GLOSSARY: readonly GlossaryTerm[] = [
  {
    slug: 'atelier',
    term: 'Atelier',
    definition:
      'An atelier is the workshop where a designer’s garments are made by hand, above all the couture workrooms of a fashion house.',
  },
  {
    slug: 'haute-couture',
    term: 'Haute couture',
    aliases: ['couture'],
    definition:
      'Haute couture is made-to-measure clothing sewn by hand for an individual client; in France the term is protected and only houses approved by the Fédération de la Haute Couture et de la Mode may use it.',
  },
  {
    slug: 'ready-to-wear',
    term: 'Ready-to-wear',
    aliases: ['prêt-à-porter', 'pret-a-porter', 'RTW'],
    definition:
      'Ready-to-wear (prêt-à-porter) is clothing made in standard sizes and sold finished, as opposed to made to measure; it is the main business of most fashion houses.',
  },
  {
    slug: 'capsule-collection',
    term: 'Capsule collection',
    aliases: ['capsule'],
    definition:
      'A capsule collection is a small, limited collection of a few pieces, often made with a partner or for a season or occasion, released outside the main collections.',
  },
  {
    slug: 'collaboration',
    term: 'Collaboration',
    aliases: ['collab'],
    definition:
      'A collaboration is a product line designed jointly by two brands, or a brand and an artist or celebrity, to reach each other’s customers and create scarcity.',
  },
  {
    slug: 'drop',
    term: 'Drop',
    aliases: ['drop model'],
    definition:
      'A drop is a small release of product announced in advance and sold in a short window, a model from streetwear that builds anticipation and sells out quickly.',
  },
  {
    slug: 'pre-collection',
    term: 'Pre-collection',
    aliases: ['pre-fall', 'resort', 'cruise collection'],
    definition:
      'Pre-collections (resort or cruise, and pre-fall) are the collections delivered to stores between the main seasons; they stay on the shop floor longer and often sell more than the runway collections.',
  },
  {
    slug: 'fashion-week',
    term: 'Fashion week',
    definition:
      'Fashion week is the series of runway shows and presentations in a city, chiefly New York, London, Milan and Paris, where brands show their next season to buyers, press and clients.',
  },
  {
    slug: 'lookbook',
    term: 'Lookbook',
    definition:
      'A lookbook is a set of photographs of a collection’s looks, sent to buyers and press to show how the pieces are meant to be worn.',
  },
  {
    slug: 'see-now-buy-now',
    term: 'See-now-buy-now',
    definition:
      'See-now-buy-now is the practice of selling a collection straight after its runway show instead of months later, to catch the attention the show creates.',
  },
  {
    slug: 'wholesale',
    term: 'Wholesale',
    definition:
      'Wholesale is selling a brand’s products to other retailers, such as department stores and multi-brand boutiques, which resell them to consumers at their own prices.',
  },
  {
    slug: 'direct-to-consumer',
    term: 'Direct-to-consumer',
    aliases: ['DTC', 'D2C'],
    definition:
      'Direct-to-consumer (DTC) is selling through a brand’s own stores and website rather than through other retailers, which keeps the whole margin and the customer data.',
  },
  {
    slug: 'concession',
    term: 'Concession',
    definition:
      'A concession is a space inside a department store run by a brand with its own staff and stock, the store taking a share of sales rather than buying the goods.',
  },
  {
    slug: 'open-to-buy',
    term: 'Open-to-buy',
    aliases: ['OTB'],
    definition:
      'Open-to-buy is the budget a retail buyer still has to spend on new stock for a period, after sales, stock and orders already placed.',
  },
  {
    slug: 'sell-through',
    term: 'Sell-through',
    aliases: ['sell-through rate'],
    definition:
      'Sell-through is the share of stock received that is sold in a period, usually at full price; a high sell-through means the buy was right.',
  },
  {
    slug: 'markdown',
    term: 'Markdown',
    aliases: ['markdowns'],
    definition:
      'A markdown is a permanent price cut on unsold stock, which clears inventory at the cost of margin and of the brand’s full-price image.',
  },
  {
    slug: 'full-price-sell-through',
    term: 'Full-price sales',
    definition:
      'Full-price sales are sales made before any markdown or discount; their share of revenue is a measure of a brand’s desirability.',
  },
  {
    slug: 'gross-margin',
    term: 'Gross margin',
    definition:
      'Gross margin is revenue minus the cost of the goods sold, as a share of revenue; luxury houses often keep more than 60 percent, mass-market retailers far less.',
  },
  {
    slug: 'operating-margin',
    term: 'Operating margin',
    definition:
      'Operating margin is operating profit as a share of revenue: what is left after the cost of goods, stores, staff, marketing and other running costs.',
  },
  {
    slug: 'like-for-like-sales',
    term: 'Like-for-like sales',
    aliases: ['comparable sales', 'same-store sales'],
    definition:
      'Like-for-like (comparable) sales compare revenue with the same period a year earlier from stores open in both periods, leaving out openings and closures.',
  },
  {
    slug: 'organic-growth',
    term: 'Organic growth',
    definition:
      'Organic growth is revenue growth at constant exchange rates and without acquisitions or disposals, the measure luxury groups report to show underlying demand.',
  },
  {
    slug: 'aspirational-customer',
    term: 'Aspirational customer',
    definition:
      'An aspirational customer buys luxury occasionally, often entry-price items such as perfume, small leather goods or a first handbag, and is the first to cut back when times are hard.',
  },
  {
    slug: 'vic',
    term: 'VIC',
    aliases: ['very important client', 'top client'],
    definition:
      'A VIC (very important client) is one of a luxury brand’s highest-spending customers, served with private appointments, previews and gifts; a small share of clients makes a large share of sales.',
  },
  {
    slug: 'clienteling',
    term: 'Clienteling',
    definition:
      'Clienteling is the practice of sales associates keeping a personal relationship with each client, with notes on their tastes and purchases, to suggest pieces and invite them to the store.',
  },
  {
    slug: 'quiet-luxury',
    term: 'Quiet luxury',
    aliases: ['stealth wealth'],
    definition:
      'Quiet luxury is expensive clothing without visible logos, relying on cut, fabric and craft to be recognised by those who know.',
  },
  {
    slug: 'logomania',
    term: 'Logomania',
    definition:
      'Logomania is the fashion for clothing and accessories covered in a brand’s logo or monogram, the opposite of quiet luxury.',
  },
  {
    slug: 'heritage-brand',
    term: 'Heritage brand',
    aliases: ['heritage'],
    definition:
      'A heritage brand draws its authority from a long history, archive and craft, which it uses in its products, stores and marketing.',
  },
  {
    slug: 'creative-director',
    term: 'Creative director',
    definition:
      'The creative director leads a fashion house’s design and image: the collections, the shows, the campaigns and often the stores.',
  },
  {
    slug: 'diffusion-line',
    term: 'Diffusion line',
    aliases: ['second line'],
    definition: 'A diffusion line is a cheaper secondary line of a designer brand, made to reach younger or less wealthy customers.',
  },
  {
    slug: 'licensing',
    term: 'Licensing',
    aliases: ['licence', 'license'],
    definition:
      'Licensing lets another company make and sell products under a brand’s name, such as fragrance or eyewear, in return for royalties on its sales.',
  },
  {
    slug: 'fast-fashion',
    term: 'Fast fashion',
    definition:
      'Fast fashion is cheap clothing designed and made in weeks to follow trends as they appear, sold in large volumes and frequently replaced.',
  },
  {
    slug: 'slow-fashion',
    term: 'Slow fashion',
    definition:
      'Slow fashion favours fewer, better-made garments, worn for longer and often made locally, in answer to the waste of fast fashion.',
  },
  {
    slug: 'resale',
    term: 'Resale',
    aliases: ['re-commerce', 'secondhand'],
    definition:
      'Resale is the sale of used clothing and accessories, through platforms, stores or a brand’s own take-back scheme, one of the fastest-growing parts of the market.',
  },
  {
    slug: 'circularity',
    term: 'Circularity',
    aliases: ['circular fashion', 'circular economy'],
    definition:
      'Circularity means keeping products and materials in use for as long as possible through repair, resale, rental and recycling, instead of making, using and throwing away.',
  },
  {
    slug: 'deadstock',
    term: 'Deadstock',
    definition:
      'Deadstock is unsold finished goods or fabric left over from earlier seasons; designers now use deadstock fabric to make new pieces without new material.',
  },
  {
    slug: 'greenwashing',
    term: 'Greenwashing',
    definition:
      'Greenwashing is making a product or company sound more environmentally friendly than it is, through vague or misleading claims; regulators increasingly fine it.',
  },
  {
    slug: 'scope-3-emissions',
    term: 'Scope 3 emissions',
    aliases: ['scope 3'],
    definition:
      'Scope 3 emissions are the greenhouse gases emitted in a company’s supply chain and by its products’ use, outside its own operations; for fashion brands they are most of the total.',
  },
  {
    slug: 'traceability',
    term: 'Traceability',
    definition:
      'Traceability is knowing where each material in a product comes from and who made it, at every stage of the supply chain, from the farm to the finished garment.',
  },
  {
    slug: 'digital-product-passport',
    term: 'Digital product passport',
    definition:
      'A digital product passport is a record attached to a product, usually through a QR code or chip, giving its materials, origin and repair and recycling information; the European Union is making it mandatory for textiles.',
  },
  {
    slug: 'near-shoring',
    term: 'Near-shoring',
    aliases: ['nearshoring'],
    definition:
      'Near-shoring is moving production closer to the markets where goods are sold, such as to Portugal, Morocco or Turkey for Europe, to shorten lead times and reduce risk.',
  },
  {
    slug: 'lead-time',
    term: 'Lead time',
    definition: 'Lead time is the time from placing an order with a factory to the goods arriving in the warehouse or store.',
  },
  {
    slug: 'minimum-order-quantity',
    term: 'Minimum order quantity',
    aliases: ['MOQ'],
    definition: 'The minimum order quantity (MOQ) is the smallest number of units a factory or mill will produce of a style or fabric.',
  },
  {
    slug: 'cut-make-trim',
    term: 'Cut, make and trim',
    aliases: ['CMT'],
    definition:
      'Cut, make and trim (CMT) is a manufacturing arrangement in which the brand supplies the fabric and the factory cuts, sews and finishes the garments.',
  },
  {
    slug: 'tech-pack',
    term: 'Tech pack',
    definition:
      'A tech pack is the technical file a designer sends to a factory: flat drawings, measurements, materials, trims and construction details for a style.',
  },
  {
    slug: 'sample',
    term: 'Sample',
    aliases: ['sample sale', 'showroom sample'],
    definition:
      'A sample is a first version of a garment made to check its design and fit and to show buyers; leftover samples are often sold in sample sales.',
  },
  {
    slug: 'omnichannel',
    term: 'Omnichannel',
    definition:
      'Omnichannel retail lets customers move between stores, website, app and social media as one experience, for example buying online and collecting or returning in store.',
  },
  {
    slug: 'social-commerce',
    term: 'Social commerce',
    aliases: ['livestream shopping', 'live shopping'],
    definition:
      'Social commerce is selling directly inside social media apps, through shoppable posts, creators and livestream shopping, which is largest in China.',
  },
  {
    slug: 'influencer-marketing',
    term: 'Influencer marketing',
    aliases: ['creator marketing', 'creator economy'],
    definition:
      'Influencer marketing pays or gifts creators on social media to show a brand’s products to their followers; brands measure it by reach, engagement and sales.',
  },
  {
    slug: 'daigou',
    term: 'Daigou',
    definition:
      'Daigou are personal shoppers who buy luxury goods abroad, where prices are lower, and resell them to customers in mainland China.',
  },
  {
    slug: 'flagship-store',
    term: 'Flagship store',
    aliases: ['flagship'],
    definition:
      'A flagship store is a brand’s largest and most prominent shop in a city, designed to show the whole brand rather than to maximise sales per square metre.',
  },
  {
    slug: 'pop-up-store',
    term: 'Pop-up store',
    aliases: ['pop-up'],
    definition: 'A pop-up store is a temporary shop open for days or weeks, used to test a market, launch a product or create an event.',
  },
  {
    slug: 'returns-rate',
    term: 'Returns rate',
    aliases: ['returns'],
    definition:
      'The returns rate is the share of items sold that customers send back; online fashion returns often exceed a quarter of sales and are a large cost.',
  },
  {
    slug: 'indie-beauty',
    term: 'Indie beauty',
    definition:
      'Indie beauty brands are independent, often founder-led cosmetics and skincare companies that grew online and through social media before large groups bought some of them.',
  },
  {
    slug: 'clean-beauty',
    term: 'Clean beauty',
    definition:
      'Clean beauty is a marketing term for cosmetics made without ingredients a brand considers harmful; it has no legal definition.',
  },
];
