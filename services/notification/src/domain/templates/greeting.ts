/** "Hello Priya," from the first word of the name, or a plain "Hello," when there is none. */
export function greetingFor(name: string): string {
  const firstName = name.trim().split(/\s+/)[0];
  return firstName ? `Hello ${firstName},` : 'Hello,';
}
