#!/usr/bin/env node
// The locale check `npm run lint` runs: every string of locales/en/ is in all 11 languages, not empty, with the
// same placeholders, and every counted string has the plural forms its language needs. Exit 1 on any gap.
//
//   node scripts/check-locales.mjs [locales-dir]
//
// A counted string is one English says in the singular and the plural (`key_one` and `key_other`; a lone
// `key_other` is an ordinary key that names a category). i18next picks the form by the language's plural rules:
// Polish needs one, few and many beside other; every other language here is written with one and other (French,
// Italian and Spanish 'many', for millions, reads as their other form; Chinese, Japanese, Korean and Thai use
// other, and their files keep one as well, so a count of 1 can be said naturally where it matters).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const LANGS = ["hk", "en", "jp", "zh", "th", "kr", "de", "fr", "it", "es", "pl"];
const FORMS = ["zero", "one", "two", "few", "many", "other"];
const NEEDED_FORMS = { pl: ["one", "few", "many", "other"] };
const DEFAULT_FORMS = ["one", "other"];

const dir = process.argv[2] ?? "locales";

/** A namespace's strings by their dotted key. */
function flatten(tree, prefix, out) {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object" && !Array.isArray(v)) flatten(v, key, out);
    else out.set(key, v);
  }
  return out;
}

/** Every namespace of a language: file name → strings. */
function load(lang) {
  const base = join(dir, lang);
  if (!existsSync(base)) return null;
  const out = new Map();
  for (const file of readdirSync(base).filter((f) => f.endsWith(".json"))) {
    out.set(file.replace(/\.json$/, ""), flatten(JSON.parse(readFileSync(join(base, file), "utf8")), "", new Map()));
  }
  return out;
}

/** `key_form` → [key, form]; anything else → [key, null]. */
function splitForm(key) {
  const m = /^(.*)_([a-z]+)$/.exec(key);
  return m && FORMS.includes(m[2]) ? [m[1], m[2]] : [key, null];
}

/** The placeholders of a string ({{name}} and {{name, format}}), sorted. */
function placeholders(value) {
  return [...String(value).matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(",");
}

const en = load("en");
if (!en) {
  console.error(`check-locales: no English strings in ${dir}/en/`);
  process.exit(1);
}

const problems = [];
let checked = 0;
for (const lang of LANGS) {
  const strings = load(lang);
  if (!strings) {
    problems.push(`${lang}: no ${dir}/${lang}/ folder`);
    continue;
  }
  const needed = NEEDED_FORMS[lang] ?? DEFAULT_FORMS;
  for (const ns of strings.keys()) if (!en.has(ns)) problems.push(`${lang}/${ns}.json: a namespace English has not`);
  for (const [ns, enStrings] of en) {
    const own = strings.get(ns);
    if (!own) {
      problems.push(`${lang}/${ns}.json: missing`);
      continue;
    }
    // The counted strings of this namespace in English, by their key without the form.
    const counted = new Set();
    for (const key of enStrings.keys()) {
      const [base, form] = splitForm(key);
      if (form === "one" && enStrings.has(`${base}_other`)) counted.add(base);
    }
    const expected = new Map();
    for (const [key, value] of enStrings) {
      const [base, form] = splitForm(key);
      if (form && counted.has(base)) continue;
      expected.set(key, value);
    }
    for (const base of counted) for (const form of needed) expected.set(`${base}_${form}`, enStrings.get(`${base}_other`));

    for (const [key, enValue] of expected) {
      checked++;
      const where = `${lang}:${ns}:${key}`;
      if (!own.has(key)) {
        problems.push(`${where} missing`);
        continue;
      }
      const value = own.get(key);
      if (typeof value !== "string" || value.trim() === "") problems.push(`${where} is empty`);
      else if (placeholders(value) !== placeholders(enValue)) {
        problems.push(`${where} has the placeholders {${placeholders(value)}}, English {${placeholders(enValue)}}`);
      }
    }
    for (const key of own.keys()) {
      const [base, form] = splitForm(key);
      // A counted string's other forms (Polish few, a language's zero) are the language's own.
      if (expected.has(key) || (form && counted.has(base))) continue;
      problems.push(`${lang}:${ns}:${key} is not in English (left over?)`);
    }
  }
}

if (problems.length) {
  for (const p of problems) console.error(p);
  console.error(`check-locales: ${problems.length} problem(s) in ${dir}/`);
  process.exit(1);
}
console.log(`check-locales: ${LANGS.length} languages, ${checked} strings, every key and plural form present`);
