import { inflateSync } from 'node:zlib';
import svgCaptchaModule from 'svg-captcha';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_FONT_SIZE,
  CAPTCHA_LENGTH,
  CAPTCHA_SCALE,
  glyphContours,
  glyphOutline,
  secureRandom,
} from './captcha-image.ts';
import { encodePng, paintShape, type Point, type Shape } from './captcha-raster.ts';

/**
 * An attacker who has read our source: it knows the font, the alphabet, the font size and the
 * picture's geometry, renders every glyph as a template and slides each over the picture,
 * scoring the overlap of ink (Dice), then picks the best left-to-right sequence. It solved the old
 * svg-captcha picture nearly always; the test keeps both numbers honest.
 */

// ---- the old renderer, exactly as captcha.service.ts called it before (SVG, glyphs as paths)

const renderOldSvg = svgCaptchaModule as unknown as (
  text: string,
  options: { width: number; height: number; noise: number; color: boolean; fontSize: number },
) => string;
export const OLD_ALPHABET = 'abcdefghjkmnpqrtuvwxy346789';
const OLD = { width: 120, height: 40, noise: 2, color: true, fontSize: 44 };
const OLD_ZOOM = 2;

/** The SVG path data svg-captcha writes (absolute M, L, Q, C, Z) as flattened contours. */
function parsePathData(data: string, scale: number): Shape {
  const tokens = data.match(/[MLQCZ]|-?\d*\.?\d+(?:e-?\d+)?/g) ?? [];
  const contours: Shape = [];
  let contour: Point[] = [];
  let pen: Point = { x: 0, y: 0 };
  let index = 0;
  const number = () => Number(tokens[index++]) * scale;
  while (index < tokens.length) {
    const command = tokens[index++];
    if (command === 'M') {
      if (contour.length > 2) contours.push(contour);
      pen = { x: number(), y: number() };
      contour = [pen];
    } else if (command === 'L') {
      pen = { x: number(), y: number() };
      contour.push(pen);
    } else if (command === 'Q' || command === 'C') {
      const controls: Point[] = [];
      for (let count = command === 'Q' ? 2 : 3; count > 0; count -= 1)
        controls.push({ x: number(), y: number() });
      const from = pen;
      for (let step = 1; step <= 8; step += 1) {
        const t = step / 8;
        const u = 1 - t;
        const [a, b, c] = controls as [Point, Point, Point | undefined];
        contour.push(
          c
            ? {
                x: u * u * u * from.x + 3 * u * u * t * a.x + 3 * u * t * t * b.x + t * t * t * c.x,
                y: u * u * u * from.y + 3 * u * u * t * a.y + 3 * u * t * t * b.y + t * t * t * c.y,
              }
            : {
                x: u * u * from.x + 2 * u * t * a.x + t * t * b.x,
                y: u * u * from.y + 2 * u * t * a.y + t * t * b.y,
              },
        );
      }
      pen = controls[controls.length - 1]!;
    } else if (command === 'Z') {
      if (contour.length > 2) contours.push(contour);
      contour = [];
    }
  }
  if (contour.length > 2) contours.push(contour);
  return contours;
}

/** A line one pixel wide along the points, as svg-captcha's noise strokes are drawn. */
function hairline(points: Point[]): Shape {
  const there = points.map((point) => ({ x: point.x, y: point.y - OLD_ZOOM / 2 }));
  const back = points.map((point) => ({ x: point.x, y: point.y + OLD_ZOOM / 2 })).reverse();
  return [[...there, ...back]];
}

/**
 * What a browser shows for the old SVG (white page under it), as a PNG: the attacker's input. The
 * SVG is vector, so the attacker draws it at twice its size, where its 1 px outlines survive.
 */
export function renderOldPng(text: string): Buffer {
  const svg = renderOldSvg(text, OLD);
  const width = OLD.width * OLD_ZOOM;
  const height = OLD.height * OLD_ZOOM;
  const rgb = new Uint8Array(width * height * 3).fill(255);
  for (const [, attributes] of svg.matchAll(/<path ([^>]*)\/>/g)) {
    const data = /d="([^"]+)"/.exec(attributes!)![1]!;
    const colour = /(?:fill|stroke)="(#[0-9a-f]{6})"/.exec(attributes!)![1]!;
    const isStroke = attributes!.includes('fill="none"');
    const shape = isStroke ? hairline(parsePathData(data, OLD_ZOOM).flat()) : parsePathData(data, OLD_ZOOM);
    const mask = new Float32Array(width * height);
    paintShape(mask, width, height, shape);
    const ink = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
    for (let pixel = 0; pixel < mask.length; pixel += 1) {
      for (let channel = 0; channel < 3; channel += 1) {
        const under = rgb[pixel * 3 + channel]!;
        rgb[pixel * 3 + channel] = Math.round(under + (ink[channel]! - under) * mask[pixel]!);
      }
    }
  }
  return encodePng(rgb, width, height);
}

// ---- the attacker

export function decodePng(png: Buffer): { rgb: Uint8Array; width: number; height: number } {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const colourType = png[25];
  const channels = colourType === 6 ? 4 : 3;
  const parts: Buffer[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    if (png.toString('ascii', offset + 4, offset + 8) === 'IDAT')
      parts.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(parts));
  const stride = width * channels;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    for (let index = 0; index < stride; index += 1) {
      const value = raw[y * (stride + 1) + 1 + index]!;
      const left = index >= channels ? out[y * stride + index - channels]! : 0;
      const up = y > 0 ? out[(y - 1) * stride + index]! : 0;
      const upLeft = y > 0 && index >= channels ? out[(y - 1) * stride + index - channels]! : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const estimate = left + up - upLeft;
        const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
        predicted = a <= b && a <= c ? left : b <= c ? up : upLeft;
      }
      out[y * stride + index] = (value + predicted) & 0xff;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let pixel = 0; pixel < width * height; pixel += 1)
    rgb.set(out.subarray(pixel * channels, pixel * channels + 3), pixel * 3);
  return { rgb, width, height };
}

/**
 * Dark-on-light ink, box-averaged to `scale`: below `threshold` luminance (0-255) when given (the
 * old picture: anything not white), else Otsu's threshold.
 */
function inkOf(
  png: Buffer,
  scale: number,
  threshold?: number,
): { ink: Uint8Array; width: number; height: number } {
  const image = decodePng(png);
  const width = Math.floor(image.width / scale);
  const height = Math.floor(image.height / scale);
  const light = new Float64Array(width * height);
  for (let y = 0; y < height * scale; y += 1) {
    for (let x = 0; x < width * scale; x += 1) {
      const at = (y * image.width + x) * 3;
      const luminance = 0.299 * image.rgb[at]! + 0.587 * image.rgb[at + 1]! + 0.114 * image.rgb[at + 2]!;
      light[Math.floor(y / scale) * width + Math.floor(x / scale)]! += luminance / (scale * scale);
    }
  }
  const histogram = new Array<number>(256).fill(0);
  for (const value of light) histogram[Math.min(255, Math.round(value))]! += 1;
  let best = { threshold: 128, spread: -1 };
  let belowCount = 0;
  let belowSum = 0;
  const total = light.length;
  const totalSum = histogram.reduce((sum, count, level) => sum + count * level, 0);
  for (let level = 0; level < 256; level += 1) {
    belowCount += histogram[level]!;
    belowSum += histogram[level]! * level;
    if (belowCount === 0 || belowCount === total) continue;
    const meanBelow = belowSum / belowCount;
    const meanAbove = (totalSum - belowSum) / (total - belowCount);
    const spread = belowCount * (total - belowCount) * (meanBelow - meanAbove) ** 2;
    if (spread > best.spread) best = { threshold: level, spread };
  }
  const cut = threshold ?? best.threshold;
  return { ink: Uint8Array.from(light, (value) => (value <= cut ? 1 : 0)), width, height };
}

interface Template {
  character: string;
  width: number;
  height: number;
  /** The template's top relative to the glyph's baseline (negative: above it). */
  rise: number;
  /** Offsets of the template's ink pixels in the padded picture, relative to its top left. */
  offsets: Int32Array;
  /** Ink pixels in the template's rows above each row (prefix sums): what falls outside the picture. */
  rowsAbove: Int32Array;
}

const PAD = 6;

function makeTemplates(options: {
  alphabet: string;
  outline: (character: string) => Shape;
  angles: number[];
  /** Sub-pixel offsets to render each template at: thin outlines change with the phase. */
  shifts: Point[];
  paddedWidth: number;
}): Template[] {
  const templates: Template[] = [];
  for (const character of options.alphabet) {
    for (const [angle, shift] of options.angles.flatMap((angle) =>
      options.shifts.map((shift) => [angle, shift] as const),
    )) {
      const turned = options.outline(character).map((contour) =>
        contour.map((point) => ({
          x: point.x * Math.cos(angle) - point.y * Math.sin(angle) + shift.x,
          y: point.x * Math.sin(angle) + point.y * Math.cos(angle) + shift.y,
        })),
      );
      const points = turned.flat();
      const left = Math.floor(Math.min(...points.map((point) => point.x)));
      const top = Math.floor(Math.min(...points.map((point) => point.y)));
      const width = Math.ceil(Math.max(...points.map((point) => point.x))) - left + 1;
      const height = Math.ceil(Math.max(...points.map((point) => point.y))) - top + 1;
      const mask = new Float32Array(width * height);
      paintShape(
        mask,
        width,
        height,
        turned.map((contour) => contour.map((point) => ({ x: point.x - left, y: point.y - top }))),
      );
      const offsets: number[] = [];
      const rowsAbove = new Int32Array(height + 1);
      mask.forEach((coverage, pixel) => {
        if (coverage < 0.5) return;
        offsets.push(Math.floor(pixel / width) * options.paddedWidth + (pixel % width));
        rowsAbove[Math.floor(pixel / width) + 1]! += 1;
      });
      for (let row = 1; row <= height; row += 1) rowsAbove[row]! += rowsAbove[row - 1]!;
      templates.push({ character, width, height, rise: top, offsets: Int32Array.from(offsets), rowsAbove });
    }
  }
  return templates;
}

/** The attacker's reading of one picture: best Dice score per column, then the best ordered picks. */
function readCaptcha(
  png: Buffer,
  options: {
    /** Picture pixels per pixel the matcher works on. */
    scale: number;
    /** A fixed ink threshold (luminance 0-255) instead of Otsu's. */
    threshold?: number;
    templates: (paddedWidth: number) => Template[];
    /** Where baselines can be (rows of the downscaled picture), as the source's layout allows. */
    baselines: [number, number];
    /** The least distance between two glyph centres, as the source's layout allows. */
    minimumGap: number;
    /** Where each glyph's centre can be (columns of the downscaled picture), when the layout fixes it. */
    centres?: [number, number][];
  },
): string {
  const { ink, width, height } = inkOf(png, options.scale, options.threshold);
  const paddedWidth = width + 2 * PAD;
  const paddedHeight = height + 2 * PAD;
  const padded = new Uint8Array(paddedWidth * paddedHeight);
  for (let y = 0; y < height; y += 1)
    padded.set(ink.subarray(y * width, (y + 1) * width), (y + PAD) * paddedWidth + PAD);
  // Summed-area table: ink inside any box in constant time (Dice's denominator).
  const area = new Int32Array((paddedWidth + 1) * (paddedHeight + 1));
  for (let y = 0; y < paddedHeight; y += 1) {
    for (let x = 0; x < paddedWidth; x += 1) {
      area[(y + 1) * (paddedWidth + 1) + x + 1] =
        padded[y * paddedWidth + x]! +
        area[y * (paddedWidth + 1) + x + 1]! +
        area[(y + 1) * (paddedWidth + 1) + x]! -
        area[y * (paddedWidth + 1) + x]!;
    }
  }
  const inkIn = (left: number, top: number, boxWidth: number, boxHeight: number) =>
    area[(top + boxHeight) * (paddedWidth + 1) + left + boxWidth]! -
    area[top * (paddedWidth + 1) + left + boxWidth]! -
    area[(top + boxHeight) * (paddedWidth + 1) + left]! +
    area[top * (paddedWidth + 1) + left]!;

  const bestAt: { score: number; character: string }[] = Array.from({ length: paddedWidth }, () => ({
    score: -Infinity,
    character: '?',
  }));
  // Columns where some glyph's centre may be: all of them unless the layout fixes the centres.
  const isPlausible = Array.from(
    { length: paddedWidth },
    (_, x) => !options.centres || options.centres.some(([from, to]) => x - PAD >= from && x - PAD <= to),
  );
  for (const template of options.templates(paddedWidth)) {
    const count = template.offsets.length;
    const firstTop = Math.max(0, options.baselines[0] + template.rise + PAD);
    const lastTop = Math.min(paddedHeight - template.height, options.baselines[1] + template.rise + PAD);
    for (let top = firstTop; top <= lastTop; top += 1) {
      // A glyph cut off by the picture's edge is judged on the part inside it.
      const insideFrom = Math.min(template.height, Math.max(0, PAD - top));
      const insideTo = Math.max(insideFrom, Math.min(template.height, PAD + height - top));
      const inside = template.rowsAbove[insideTo]! - template.rowsAbove[insideFrom]!;
      for (let left = 0; left + template.width <= paddedWidth; left += 1) {
        const centre = left + (template.width >> 1);
        if (!isPlausible[centre]) continue;
        const base = top * paddedWidth + left;
        let hits = 0;
        for (let index = 0; index < count; index += 1) hits += padded[base + template.offsets[index]!]!;
        // Ink explained minus template left unexplained, less a little for stray ink in the box:
        // absolute, so a big glyph that fits beats a small one that fits part of it.
        const score = 2 * hits - inside - 0.3 * (inkIn(left, top, template.width, template.height) - hits);
        if (score > bestAt[centre]!.score) bestAt[centre] = { score, character: template.character };
      }
    }
  }
  // The best CAPTCHA_LENGTH columns, left to right, at least minimumGap apart (dynamic programming).
  const length = CAPTCHA_LENGTH;
  const total = Array.from({ length }, () => new Float64Array(paddedWidth).fill(-Infinity));
  const from = Array.from({ length }, () => new Int32Array(paddedWidth).fill(-1));
  const isAllowed = (pick: number, x: number) => {
    const window = options.centres?.[pick];
    return !window || (x - PAD >= window[0] && x - PAD <= window[1]);
  };
  for (let x = 0; x < paddedWidth; x += 1) if (isAllowed(0, x)) total[0]![x] = bestAt[x]!.score;
  for (let pick = 1; pick < length; pick += 1) {
    let runningBest = -Infinity;
    let runningAt = -1;
    for (let x = 0; x < paddedWidth; x += 1) {
      const earlier = x - options.minimumGap;
      if (earlier >= 0 && total[pick - 1]![earlier]! > runningBest) {
        runningBest = total[pick - 1]![earlier]!;
        runningAt = earlier;
      }
      if (runningAt >= 0 && isAllowed(pick, x)) {
        total[pick]![x] = runningBest + bestAt[x]!.score;
        from[pick]![x] = runningAt;
      }
    }
  }
  let at = total[length - 1]!.indexOf(Math.max(...total[length - 1]!));
  const picks: string[] = [];
  for (let pick = length - 1; pick >= 0; pick -= 1) {
    picks.unshift(bestAt[at]!.character);
    at = from[pick]![at]!;
  }
  return picks.join('');
}

function randomText(alphabet: string, random: () => number): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => alphabet[Math.floor(random() * alphabet.length)]).join(
    '',
  );
}

export function measure(
  count: number,
  make: (text: string) => Buffer,
  read: (png: Buffer) => string,
  alphabet: string,
) {
  const random = secureRandom();
  let solved = 0;
  let characters = 0;
  for (let round = 0; round < count; round += 1) {
    const text = randomText(alphabet, random);
    const guess = read(make(text));
    if (guess === text) solved += 1;
    for (let index = 0; index < text.length; index += 1) if (guess[index] === text[index]) characters += 1;
  }
  return { solveRate: solved / count, characterRate: characters / (count * CAPTCHA_LENGTH) };
}

const templateCache = new Map<string, Template[]>();
function cachedTemplates(key: string, build: () => Template[]): Template[] {
  const found = templateCache.get(key) ?? build();
  templateCache.set(key, found);
  return found;
}

// svg-captcha puts every glyph's baseline at height / 2 + (ascender + descender) × size / em / 2
// and the centres (width - 2) / (length + 1) apart: the attacker reads that in its source.
const oldBaseline = (OLD.height / 2 + ((1212 - 304) * OLD.fontSize) / 1471 / 2) * OLD_ZOOM;

export const readOld = (png: Buffer) =>
  readCaptcha(png, {
    scale: 1,
    threshold: 235,
    baselines: [Math.floor(oldBaseline) - 1, Math.floor(oldBaseline) + 1],
    minimumGap: 18 * OLD_ZOOM,
    centres: Array.from({ length: CAPTCHA_LENGTH }, (_, index) => {
      const centre = ((OLD.width - 2) / (CAPTCHA_LENGTH + 1)) * (index + 1) * OLD_ZOOM;
      return [Math.floor(centre) - 7 * OLD_ZOOM, Math.ceil(centre) + 7 * OLD_ZOOM];
    }),
    templates: (paddedWidth) =>
      cachedTemplates(`old:${paddedWidth}`, () =>
        makeTemplates({
          alphabet: OLD_ALPHABET,
          outline: (character) => glyphOutline(character, OLD.fontSize * OLD_ZOOM),
          angles: [0],
          shifts: [0, 0.5].map((x) => ({ x, y: oldBaseline % 1 })),
          paddedWidth,
        }),
      ),
  });

/**
 * The new picture's glyphs are solid and about 4 px thick at CSS size, so the matcher works at half
 * that size (a quarter of the positions, a quarter of the pixels per template) and loses nothing.
 * Baselines: the layout's rise (±5) and warp (±4) around its baseline of 31, plus turning.
 */
export const readNew = (png: Buffer, angles = [0]) =>
  readCaptcha(png, {
    scale: CAPTCHA_SCALE * 2,
    baselines: [10, 22],
    minimumGap: 5,
    templates: (paddedWidth) =>
      cachedTemplates(`new:${paddedWidth}:${angles.join()}`, () =>
        makeTemplates({
          alphabet: CAPTCHA_ALPHABET,
          outline: (character) => glyphContours(character, CAPTCHA_FONT_SIZE / 2),
          angles,
          shifts: [{ x: 0, y: 0 }],
          paddedWidth,
        }),
      ),
  });
