// Images in a question: which bytes are images, the limits, and what each backend does with them.
import * as assert from 'node:assert/strict';
import { CliError } from '../../../src/cli/errors';
import { acceptsImages } from '../../../src/acp/support';
import { MAX_IMAGE_BYTES, notSentNote, prepareImages, sniffImage, withImagesNote } from '../../../src/services/engine/images';
import { shownText } from '../../fixtures/userTexts';
import { answer, fail, FakeBackend, makeFlow, run, selector } from '../../support/flowHarness';

/** A real 1×1 PNG (VS Code decodes image parts: a made-up header is not enough there; here the bytes decide). */
const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const bytes = (b: Buffer) => new Uint8Array(b);

describe('images the user attaches', () => {
  it('each of PNG, JPEG, GIF and WebP is known by its bytes, whatever it claims to be', () => {
    assert.equal(sniffImage(bytes(PNG_1x1)), 'image/png');
    assert.equal(sniffImage(bytes(JPEG)), 'image/jpeg');
    assert.equal(sniffImage(bytes(GIF)), 'image/gif');
    assert.equal(sniffImage(bytes(WEBP)), 'image/webp');
    assert.equal(sniffImage(bytes(Buffer.from('%PDF-1.7'))), undefined);
    const { images } = prepareImages([{ label: 'shot.jpg', declaredMime: 'image/jpeg', bytes: bytes(PNG_1x1) }]);
    assert.deepEqual(images, [{ mimeType: 'image/png', data: PNG_1x1.toString('base64'), label: 'shot.jpg' }]);
  });

  it('a PDF or other non-image attachment is named to the agent, never sent as an image', () => {
    const p = prepareImages([{ label: 'spec.pdf', declaredMime: 'application/pdf', bytes: bytes(Buffer.from('%PDF-1.7 ...')) }]);
    assert.deepEqual(p.images, []);
    assert.equal(notSentNote(p.notSent), '(attached by the user, not sent: `spec.pdf` (application/pdf) is not a PNG, JPEG, GIF or WebP image)');
  });

  it('a file that claims to be an image (a `.png` name, image/png) but whose bytes are no image is never sent as one', () => {
    const fake = { label: 'secrets.png', declaredMime: 'image/png', bytes: bytes(Buffer.from('AWS_SECRET_ACCESS_KEY=abc\n')) };
    const p = prepareImages([fake]);
    assert.deepEqual(p.images, []);
    assert.deepEqual(p.notSent, [{ label: 'secrets.png', mimeType: 'image/png' }]);
  });

  it('an image over 5 MB, a fifth image, or over 10 MB in all refuses the whole question, naming the image', () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(PNG_1x1.subarray(0, 8));
    assert.throws(
      () =>
        prepareImages([
          { label: 'small.png', bytes: bytes(PNG_1x1) },
          { label: 'huge.png', bytes: big },
        ]),
      (e: unknown) =>
        e instanceof CliError &&
        e.kind === 'imageTooLarge' &&
        e.message === 'The question was not sent: `huge.png` is 5.0 MB; the limit is 5.0 MB per image.',
    );
    const five = Array.from({ length: 5 }, (_, i) => ({ label: `s${i}.png`, bytes: bytes(PNG_1x1) }));
    assert.throws(() => prepareImages(five), /`s4\.png` is image 5; the limit is 4 images per question/);
    const four = new Uint8Array(4 * 1024 * 1024);
    four.set(PNG_1x1.subarray(0, 8));
    const three = [1, 2, 3].map((i) => ({ label: `big${i}.png`, bytes: four }));
    assert.throws(() => prepareImages(three), /with `big3\.png` the images add up to 12\.0 MB; the limit is 10\.0 MB per question/);
    // An image file too large to be read at all is still refused by its size.
    assert.throws(
      () => prepareImages([{ label: 'raw.png', declaredMime: 'image/png', size: 80e6, bytes: new Uint8Array(0) }]),
      /`raw\.png` is 76\.3 MB/,
    );
  });

  it('a fresh chat folds in an earlier image turn with a note that its images are not included', () => {
    assert.equal(withImagesNote('what is this?', 0), 'what is this?');
    assert.equal(withImagesNote('what is this?', 2), 'what is this?\n\n(2 images were attached here; earlier images are not included)');
  });

  it('only an ACP server that declares image prompts is sent images', () => {
    assert.equal(acceptsImages({ protocolVersion: 1, agentCapabilities: { promptCapabilities: { image: true } } }), true);
    assert.equal(acceptsImages({ protocolVersion: 1, agentCapabilities: { promptCapabilities: {} } }), false);
    assert.equal(acceptsImages(undefined), false);
  });
});

describe('a question with an image, through the chat-turn flow', () => {
  const png = { label: 'layout.png', declaredMime: 'image/png', bytes: bytes(PNG_1x1) };

  it('the ACP backend gets the image beside the text, base64 and typed by its bytes', async () => {
    const acp = new FakeBackend('acp', [answer('A button.')]);
    const { flow } = makeFlow(selector(acp));
    const r = await run(flow, { history: [], attachments: [png] }).result;
    assert.equal(r.status, 'answered');
    assert.deepEqual(acp.calls[0]!.images, [{ mimeType: 'image/png', data: PNG_1x1.toString('base64'), label: 'layout.png' }]);
  });

  it('print mode runs nothing and says how to send images (the backend setting)', async () => {
    const print = new FakeBackend('print', [answer('never')]);
    const { flow } = makeFlow(selector(print));
    const r = await run(flow, { attachments: [png] }).result;
    assert.equal(print.calls.length, 0, 'print mode must not run a question whose image it cannot send');
    assert.ok(r.status === 'failed' && r.error.kind === 'imagesUnsupported');
    assert.equal(r.error.userMessage, shownText('imagesUnsupported'));
    assert.deepEqual(r.error.actions, ['openBackendSetting']);
  });

  it('an ACP failure that falls back to print mode does not send the question without its image', async () => {
    const acp = new FakeBackend('acp', [fail('malformedStream', { transport: true })]);
    const print = new FakeBackend('print', [answer('never')]);
    const { flow } = makeFlow(selector(acp, print));
    const r = await run(flow, { attachments: [png] }).result;
    assert.equal(print.calls.length, 0);
    assert.ok(r.status === 'failed' && r.error.kind === 'imagesUnsupported');
  });

  it('an attachment that is no image is named to the agent and to the user, and the question still runs', async () => {
    const acp = new FakeBackend('acp', [answer('I cannot see the PDF.')]);
    const { flow } = makeFlow(selector(acp));
    const { result, notices } = run(flow, {
      history: [],
      attachments: [{ label: 'spec.pdf', declaredMime: 'application/pdf', bytes: bytes(Buffer.from('%PDF')) }],
    });
    assert.equal((await result).status, 'answered');
    assert.deepEqual(acp.calls[0]!.images, []);
    assert.match(acp.calls[0]!.prompt, /not sent: `spec\.pdf` \(application\/pdf\) is not a PNG, JPEG, GIF or WebP image/);
    assert.deepEqual(notices, ['Not sent (not an image the agent can read): spec.pdf']);
  });

  it('an over-size image runs nothing at all', async () => {
    const acp = new FakeBackend('acp', [answer('never')]);
    const { flow } = makeFlow(selector(acp));
    const r = await run(flow, { attachments: [{ label: 'raw.png', declaredMime: 'image/png', size: 80e6, bytes: new Uint8Array(0) }] }).result;
    assert.equal(acp.calls.length, 0);
    assert.ok(r.status === 'failed' && r.error.kind === 'imageTooLarge' && r.error.message.includes('`raw.png`'));
  });
});
