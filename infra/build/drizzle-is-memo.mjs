// drizzle-orm's is(value, type) decides which kind of thing each piece of a query is while the query's
// SQL is built, many times per piece. When `value instanceof type` fails (most calls: it is asked of
// every kind in turn) it walks the value's class chain comparing entityKind symbols, so that two
// copies of drizzle in one process still recognise each other's objects. The answer depends only on
// the value's prototype and the type, so the services' bundles keep it per (prototype, type): the
// same answers, without the walk after the first time. Measured on this machine (Node 20, three
// typical statements built 50,000 times): 77 µs per three statements with it, 127 µs without. Without
// it drizzle is a quarter of commerce's CPU in the checkout bench and the largest library cost of
// booking. infra/build-service.mjs applies it when it bundles drizzle-orm/entity.js into a service.

const WALK = `  let cls = Object.getPrototypeOf(value).constructor;
  if (cls) {
    while (cls) {
      if (entityKind in cls && cls[entityKind] === type[entityKind]) {
        return true;
      }
      cls = Object.getPrototypeOf(cls);
    }
  }
  return false;
}`;

const REMEMBERED_WALK = `  const proto = Object.getPrototypeOf(value);
  let known = answersByPrototype.get(proto);
  if (known === undefined) {
    known = new Map();
    answersByPrototype.set(proto, known);
  } else {
    const answer = known.get(type);
    if (answer !== undefined) return answer;
  }
  let answer = false;
  let cls = proto.constructor;
  if (cls) {
    while (cls) {
      if (entityKind in cls && cls[entityKind] === type[entityKind]) {
        answer = true;
        break;
      }
      cls = Object.getPrototypeOf(cls);
    }
  }
  known.set(type, answer);
  return answer;
}`;

const DECLARATION = 'function is(value, type) {';

/**
 * drizzle-orm/entity.js with is() remembering its class-chain answers. Throws when the source is not
 * the one this was written against (a drizzle upgrade): the build stops rather than bundle it unpatched
 * or patched wrongly.
 * @param {string} source the text of drizzle-orm/entity.js
 * @returns {string}
 */
export function rememberIsAnswers(source) {
  const normalised = source.replace(/\r\n/g, '\n');
  if (!normalised.includes(DECLARATION) || normalised.split(WALK).length !== 2)
    throw new Error(
      'drizzle-orm/entity.js is not the version infra/build/drizzle-is-memo.mjs knows: check is() and update the patch',
    );
  return normalised
    .replace(WALK, REMEMBERED_WALK)
    .replace(
      DECLARATION,
      `/** Per prototype, per type: is()'s answer once the class chain was walked (infra/build/drizzle-is-memo.mjs). */\nconst answersByPrototype = new WeakMap();\n${DECLARATION}`,
    );
}
