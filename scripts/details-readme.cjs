// The README the .vsix carries for the installed extension's details page. VS Code's extension editor (1.139's
// `renderMarkdown`, sanitizer without relative paths) keeps only http(s) images and http(s)/mailto links: a relative
// image shows as a broken image and a relative link as dead text. So until the images have a public https address
// (CURSOR_AGENT_IMAGES_BASE_URL, see package.mjs), each image becomes its caption, naming the file the .vsix ships,
// and each relative link becomes its text (naming the file where the text does not). README.md itself is unchanged.
'use strict';

const isRelative = (target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#');

/** README.md as the installed details page can show it; `keepImages` when they are rewritten to an https base. */
function detailsPageReadme(markdown, { keepImages = false } = {}) {
  let out = markdown;
  if (!keepImages)
    out = out.replace(/!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, (whole, alt, target) =>
      isRelative(target) ? `*Screenshot: ${alt} (\`${target}\` in the extension's folder).*` : whole,
    );
  return out.replace(/(?<!!)\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, (whole, text, target) =>
    isRelative(target) ? (text === target ? `\`${text}\`` : `${text} (\`${target}\`)`) : whole,
  );
}

module.exports = { detailsPageReadme };
