// The installed details page, steps run in a UI script's workbench (test/ui/ownAgent.ts: the PACKAGED extension is
// installed there; a workbench of its own would cost a start per VS Code version): the page a user reads before and after
// installing, driven with Playwright like a person: the Extensions view, a click on the extension, its details page (the
// packaged README, rendered by the workbench in a webview). VS Code shows there only http(s) images and links (a relative
// one is dropped: a broken image, dead text), so the package carries README.md with each image as its caption and each
// relative link as its text (scripts/details-readme.cjs). Checked on the page: no broken image, every caption there; no
// dead link, every linked file named; the CHANGELOG tab. Screenshots: details-page.png, details-changelog.png.

import * as fs from 'fs';
import * as path from 'path';
import type { Frame, Page } from 'playwright-core';
import { repoRoot } from '../../host/launch/common';
import { UiFlow } from './flow';

declare const document: { querySelectorAll(sel: string): ArrayLike<unknown> };

const DISPLAY_NAME = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { displayName: string }).displayName;
const README = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const isRelative = (link: string) => !/^[a-z][a-z0-9+.-]*:/i.test(link) && !link.startsWith('#');
/** README.md's relative images and links (Markdown inline syntax: the README uses no other). */
const README_IMAGES = [...README.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)].map((m) => m[1]!).filter(isRelative);
const README_ALTS = [...README.matchAll(/!\[([^\]]*)\]\(([^)\s]+)/g)].filter((m) => isRelative(m[2]!)).map((m) => m[1]!);
const README_LINKS = [...README.matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)/g)].map((m) => m[1]!).filter(isRelative);

interface PageImage {
  src: string;
  alt: string;
  loaded: boolean;
}
interface PageLink {
  href: string;
  text: string;
}

/** The webview frame that renders the README (the one with the README's first heading). */
async function readmeFrame(page: Page, timeoutMs: number, heading = DISPLAY_NAME): Promise<Frame> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    for (const frame of page.frames()) {
      if (frame === page.mainFrame()) continue;
      const found = await frame
        .evaluate(() => Array.from(document.querySelectorAll('h1') as ArrayLike<{ textContent: string | null }>).map((h) => h.textContent ?? ''))
        .catch(() => [] as string[]);
      if (found.some((h) => h.includes(heading))) return frame;
    }
    await page.waitForTimeout(300);
  }
  throw new Error(`no webview shows a heading "${heading}" within ${timeoutMs / 1000}s`);
}

async function pageImages(frame: Frame): Promise<PageImage[]> {
  return frame.evaluate(() =>
    Array.from(document.querySelectorAll('img') as ArrayLike<{ src: string; alt: string; complete: boolean; naturalWidth: number }>).map((i) => ({
      src: i.src,
      alt: i.alt,
      loaded: i.complete && i.naturalWidth > 0,
    })),
  );
}

async function pageText(frame: Frame): Promise<string> {
  return (await frame.locator('body').innerText()).replace(/\s+/g, ' ');
}

async function pageLinks(frame: Frame): Promise<PageLink[]> {
  return frame.evaluate(() =>
    Array.from(document.querySelectorAll('a') as ArrayLike<{ getAttribute(n: string): string | null; textContent: string | null }>).map((a) => ({
      href: a.getAttribute('data-href') ?? a.getAttribute('href') ?? '',
      text: (a.textContent ?? '').trim(),
    })),
  );
}

/** The details-page steps, in a workbench where the packaged extension is installed and the status reads ready. */
export async function detailsPageSteps(flow: UiFlow, page: Page, outDir: string): Promise<void> {
  let frame: Frame | undefined;
  const detailsTab = page.locator('.tabs-container .tab', { hasText: DISPLAY_NAME }).first();

  await flow.step(
    'the Extensions view lists the installed extension; a click opens its details page with the packaged README',
    async () => {
      await flow.runCommand('Extensions: Show Installed Extensions');
      const item = page.locator('.extensions-viewlet .monaco-list-row', { hasText: DISPLAY_NAME }).first();
      await item.waitFor({ timeout: 30_000 });
      await item.click();
      await detailsTab.waitFor({ timeout: 30_000 });
      frame = await readmeFrame(page, 30_000);
      await flow.shot('details-page');
    },
    120_000,
  );

  await flow.step(
    `no image on the page is broken, and each of README.md's ${README_IMAGES.length} images is there as its caption (the page shows no relative image)`,
    async () => {
      if (!frame) throw new Error('no details page');
      const images = await pageImages(frame);
      fs.writeFileSync(path.join(outDir, 'images.json'), JSON.stringify(images, null, 2));
      const broken = images.filter((i) => !i.loaded);
      if (broken.length > 0) throw new Error(`broken images on the details page: ${JSON.stringify(broken)}`);
      const text = await pageText(frame);
      const missing = README_ALTS.filter((alt) => !text.includes(alt));
      if (missing.length > 0) throw new Error(`captions missing from the details page: ${JSON.stringify(missing)}`);
    },
    60_000,
  );

  await flow.step(
    `no dead link on the page (each opens a web page, or a place on the page), and each file README.md links to (${[...new Set(README_LINKS)].join(', ')}) is named`,
    async () => {
      if (!frame) throw new Error('no details page');
      const links = await pageLinks(frame);
      fs.writeFileSync(path.join(outDir, 'links.json'), JSON.stringify(links, null, 2));
      const dead = links.filter((l) => !/^(https?:|mailto:|#)/i.test(l.href));
      if (dead.length > 0) throw new Error(`links that lead nowhere on the details page: ${JSON.stringify(dead)}`);
      const text = await pageText(frame);
      const unnamed = [...new Set(README_LINKS)].filter((file) => !text.includes(file));
      if (unnamed.length > 0) throw new Error(`files README.md links to, not named on the details page: ${JSON.stringify(unnamed)}`);
    },
    60_000,
  );

  await flow.step(
    "the page's CHANGELOG tab shows the packaged CHANGELOG.md",
    async () => {
      await page
        .locator('.extension-editor .navbar .action-label', { hasText: /^changelog$/i })
        .first()
        .click({ timeout: 10_000 });
      const first = fs.readFileSync(path.join(repoRoot, 'CHANGELOG.md'), 'utf8').split('\n')[0]!.replace(/^#\s*/, '');
      await readmeFrame(page, 30_000, first);
      await flow.shot('details-changelog');
    },
    60_000,
  );
}
