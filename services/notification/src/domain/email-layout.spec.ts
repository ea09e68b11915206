import { describe, expect, it } from 'vitest';
import { renderHtml, renderText } from './email-layout.js';

describe('email layout', () => {
  const content = {
    preview: 'Your booking <is> confirmed',
    heading: 'See you soon',
    greeting: 'Hello Asha,',
    paragraphs: ['Your appointment is booked.'],
    details: [
      { label: 'Treatment', value: 'Deep <Tissue> Massage' },
      { label: 'Total', value: '₹2,500.00' },
    ],
  };

  it('renders a summary table, escaped, in both versions', () => {
    const html = renderHtml(content, { appUrl: 'https://aranya.example' });
    expect(html).toContain('Deep &lt;Tissue&gt; Massage');
    expect(html).toContain('Your booking &lt;is&gt; confirmed');
    expect(html).not.toContain('If the button does not work');
    const text = renderText(content);
    expect(text).toContain('Treatment: Deep <Tissue> Massage\nTotal: ₹2,500.00');
    expect(text.startsWith('Aranya Spa & Wellness\n=====')).toBe(true);
  });
});
