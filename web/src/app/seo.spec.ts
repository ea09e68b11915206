import { describe, expect, it } from 'vitest';
import type { Product, Service } from '../features/catalogue/types';
import { daySpa, escapeHtml, pageMeta, productData, renderHead, serviceData } from './seo';
import { jsonForScript } from './ssr-state';

const product: Product = {
  _id: 'p1',
  name: 'Oil </script><script>alert(1)</script>',
  description: 'x'.repeat(300),
  price: '499',
  stock: 2,
  images: ['/uploads/a.webp'],
  productCategory: null,
};
const service: Service = {
  _id: 's1',
  name: 'Facial',
  category: null,
  benefits: [],
  pricing: [
    { duration: '30 min', durationMinutes: 30, price: 1200 },
    { duration: '60 min', durationMinutes: 60, price: 2000, label: 'Deluxe' },
  ],
  tags: [],
  isActive: true,
  images: [],
};

describe('jsonForScript', () => {
  it('leaves nothing that can close a script element or open a comment, and parses back unchanged', () => {
    const value = { name: '</script><!-- & \u2028', nested: ['<b>'] };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('schema.org data', () => {
  it('describes the business as a DaySpa with its address, hours and the treatments’ price range', () => {
    expect(daySpa('https://x.in', [service])).toMatchObject({
      '@type': 'DaySpa',
      address: { addressLocality: 'Indore', addressCountry: 'IN' },
      openingHoursSpecification: { opens: '09:00', closes: '21:00' },
      priceRange: '₹1,200 – ₹2,000',
    });
    expect(daySpa('https://x.in')).toMatchObject({ priceRange: '₹₹' });
  });

  it('gives a product an Offer in INR with its availability, and a service one offer per option', () => {
    expect(productData('https://x.in', product)).toMatchObject({
      '@type': 'Product',
      image: ['https://x.in/uploads/a.webp'],
      offers: { price: '499.00', priceCurrency: 'INR', availability: 'https://schema.org/InStock' },
    });
    expect(productData('https://x.in', { ...product, stock: 0 })).toMatchObject({
      offers: { availability: 'https://schema.org/OutOfStock' },
    });
    expect(serviceData('https://x.in', service)).toMatchObject({
      '@type': 'Service',
      offers: [
        { price: '1200.00', priceCurrency: 'INR', name: '30 min' },
        { price: '2000.00', priceCurrency: 'INR', name: '60 min · Deluxe' },
      ],
    });
  });
});

describe('the page head', () => {
  it('escapes text, keeps the description short and makes the canonical URL from APP_URL', () => {
    const meta = pageMeta('product', '/products/p1', 'https://x.in/', { product });
    expect(meta.description.length).toBeLessThanOrEqual(160);
    const head = renderHead(meta, 'https://x.in/');
    expect(head).toContain(`<title>${escapeHtml(product.name)} · Aranya Spa &amp; Wellness</title>`);
    expect(head).toContain('<link rel="canonical" href="https://x.in/products/p1" />');
    expect(head).toContain('<meta property="og:image" content="https://x.in/uploads/a.webp" />');
    expect(head).not.toContain('<script>alert(1)');
    const ld = /<script type="application\/ld\+json">(.*)<\/script>/.exec(head)![1]!;
    const graph = (JSON.parse(ld) as { '@graph': { name?: string }[] })['@graph'];
    expect(graph[1]?.name).toBe(product.name);
  });
});
