import { businessHoursText, clock24Text } from '@spa/rules';
import type { Product, Service } from '../features/catalogue/types';
import { DEFAULT_BOOKING_RULES } from './booking-rules';
import { business } from './business';
import { jsonForScript } from './ssr-state';

/** What a server-rendered page says about itself in <head>: for search engines and link previews. */
export interface PageMeta {
  title: string;
  description: string;
  /** The page's path, made absolute with APP_URL for the canonical link and og:url. */
  path: string;
  ogType: 'website' | 'product';
  /** Image paths on this site (/uploads/…); the first one becomes og:image. */
  images?: readonly string[];
  /** schema.org objects for the page's JSON-LD. */
  structuredData: readonly object[];
}

const DEFAULT_DESCRIPTION =
  'Aranya Spa & Wellness, Indore: massages, facials and Ayurvedic rituals by certified therapists. Book online or shop our spa products.';

const DESCRIPTION_LIMIT = 160;

/** Escapes text for an HTML attribute or element body. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function summary(text: string | null | undefined, fallback: string): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!flat) return fallback;
  return flat.length <= DESCRIPTION_LIMIT ? flat : `${flat.slice(0, DESCRIPTION_LIMIT - 1).trimEnd()}…`;
}

function absolute(appUrl: string, path: string): string {
  return new URL(path, `${appUrl.replace(/\/+$/, '')}/`).toString();
}

const rupees = (amount: number | string) => Number(amount).toFixed(2);

/** The business as schema.org's DaySpa: the address, hours and phone the footer shows. */
export function daySpa(appUrl: string, services: readonly Service[] = []): object {
  const prices = services.flatMap((service) => service.pricing.map((option) => Number(option.price)));
  const finite = prices.filter((price) => Number.isFinite(price) && price > 0);
  return {
    '@type': 'DaySpa',
    '@id': `${absolute(appUrl, '/')}#business`,
    name: business.name,
    url: absolute(appUrl, '/'),
    telephone: business.phone,
    email: business.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: `${business.address.line1}, ${business.address.line2}`,
      addressLocality: business.address.city,
      addressRegion: business.address.region,
      postalCode: business.address.postalCode,
      addressCountry: 'IN',
    },
    // Open every day. The server render does not ask booking, so its default hours (9:00 AM – 9:00 PM).
    openingHoursSpecification: {
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      opens: clock24Text(DEFAULT_BOOKING_RULES.openMinute),
      closes: clock24Text(DEFAULT_BOOKING_RULES.closeMinute),
    },
    // The treatments' own prices when the page has them, else the usual symbol scale.
    priceRange: finite.length
      ? `₹${Math.min(...finite).toLocaleString('en-IN')} – ₹${Math.max(...finite).toLocaleString('en-IN')}`
      : '₹₹',
  };
}

export function productData(appUrl: string, product: Product): object {
  return {
    '@type': 'Product',
    name: product.name,
    description: product.description ?? undefined,
    sku: product.sku ?? undefined,
    image: product.images.map((image) => absolute(appUrl, image)),
    url: absolute(appUrl, `/products/${product._id}`),
    offers: {
      '@type': 'Offer',
      price: rupees(product.price),
      priceCurrency: 'INR',
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: absolute(appUrl, `/products/${product._id}`),
      seller: { '@id': `${absolute(appUrl, '/')}#business` },
    },
  };
}

export function serviceData(appUrl: string, service: Service): object {
  return {
    '@type': 'Service',
    name: service.name,
    description: service.description ?? undefined,
    image: service.images.map((image) => absolute(appUrl, image)),
    url: absolute(appUrl, `/service/${service._id}`),
    provider: { '@id': `${absolute(appUrl, '/')}#business` },
    areaServed: business.address.city,
    offers: service.pricing.map((option) => ({
      '@type': 'Offer',
      name: option.label ? `${option.duration} · ${option.label}` : option.duration,
      price: rupees(option.price),
      priceCurrency: 'INR',
    })),
  };
}

export interface SeoData {
  services?: readonly Service[];
  products?: readonly Product[];
  product?: Product;
  service?: Service;
}

export type SeoPage = 'home' | 'store' | 'product' | 'service' | 'appointment';

/** The head of each server-rendered page, from what that page shows. */
export function pageMeta(page: SeoPage, path: string, appUrl: string, data: SeoData): PageMeta {
  const spa = daySpa(appUrl, data.services ?? (data.service ? [data.service] : []));
  switch (page) {
    case 'product': {
      const product = data.product!;
      return {
        title: `${product.name} · ${business.name}`,
        description: summary(product.description, `${product.name} from the ${business.name} store.`),
        path,
        ogType: 'product',
        images: product.images,
        structuredData: [spa, productData(appUrl, product)],
      };
    }
    case 'service': {
      const service = data.service!;
      return {
        title: `${service.name} · ${business.name}`,
        description: summary(service.description, `${service.name} at ${business.name}, Indore.`),
        path,
        ogType: 'website',
        images: service.images,
        structuredData: [spa, serviceData(appUrl, service)],
      };
    }
    case 'store':
      return {
        title: `Store · ${business.name}`,
        description: `Spa and wellness products from ${business.name}, Indore: oils, skincare and more, delivered or cash on delivery.`,
        path,
        ogType: 'website',
        structuredData: [spa, ...(data.products ?? []).map((product) => productData(appUrl, product))],
      };
    case 'appointment':
      return {
        title: `Book an appointment · ${business.name}`,
        description: `Book a massage, facial or Ayurvedic ritual at ${business.name}, Indore, open every day ${businessHoursText(DEFAULT_BOOKING_RULES)}.`,
        path,
        ogType: 'website',
        structuredData: [spa, ...(data.services ?? []).map((service) => serviceData(appUrl, service))],
      };
    default:
      return {
        title: `${business.name} · Indore`,
        description: DEFAULT_DESCRIPTION,
        path,
        ogType: 'website',
        structuredData: [spa],
      };
  }
}

/** The tags for <head>: title, description, canonical, Open Graph and one JSON-LD block. */
export function renderHead(meta: PageMeta, appUrl: string): string {
  const url = absolute(appUrl, meta.path);
  const image = meta.images?.[0];
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(business.name)}" />`,
    `<meta property="og:type" content="${meta.ogType}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:locale" content="en_IN" />`,
    ...(image ? [`<meta property="og:image" content="${escapeHtml(absolute(appUrl, image))}" />`] : []),
    `<script type="application/ld+json">${jsonForScript({
      '@context': 'https://schema.org',
      '@graph': meta.structuredData,
    })}</script>`,
  ];
  return tags.join('\n    ');
}
