/**
 * What a raw file is, from its name: the column "Kind" of the file browser, the order of the
 * "kind" sort and which preview a file gets. The server reports neither MIME types nor modified
 * times in its listings, so the name is all there is before reading bytes.
 */
export type PreviewKind = 'image' | 'json' | 'yaml' | 'csv' | 'text' | 'binary'

export interface FileKind {
  /** Shown to people: "JSON", "PNG image", "gzip-compressed text", "Folder". */
  label: string
  preview: PreviewKind
  /** highlight.js language for text previews, when one fits. */
  language?: string
  /** .gz/.xz: previewed through the server's decompress option. */
  compressed?: 'gz' | 'xz'
}

const IMAGES: Record<string, string> = {
  png: 'PNG image',
  jpg: 'JPEG image',
  jpeg: 'JPEG image',
  gif: 'GIF image',
  webp: 'WebP image',
  bmp: 'BMP image',
  svg: 'SVG image',
}

const TEXT: Record<string, [string, string?]> = {
  txt: ['Text'],
  log: ['Log'],
  out: ['Program output'],
  md: ['Markdown', 'markdown'],
  py: ['Python', 'python'],
  xml: ['XML', 'xml'],
  sh: ['Shell script', 'bash'],
  in: ['Program input', 'ini'],
  inp: ['Program input', 'ini'],
  ini: ['Settings', 'ini'],
  cif: ['CIF structure'],
  xyz: ['XYZ structure'],
  f90: ['Fortran', 'fortran'],
  c: ['C source', 'c'],
  h: ['C header', 'c'],
  tex: ['LaTeX', 'latex'],
}

const BINARY: Record<string, string> = {
  bin: 'Binary data',
  h5: 'HDF5 data',
  hdf5: 'HDF5 data',
  nxs: 'NeXus data',
  zip: 'Zip archive',
  tar: 'Tar archive',
  npy: 'NumPy array',
  pdf: 'PDF document',
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase()
}

/** The kind of a file (or folder) by its name. */
export function fileKind(name: string, isFile = true): FileKind {
  if (!isFile) return { label: 'Folder', preview: 'binary' }
  const ext = extensionOf(name)
  if (ext === 'gz' || ext === 'xz') {
    const inner = fileKind(name.slice(0, -ext.length - 1))
    const base = inner.preview === 'binary' && inner.label === 'File' ? 'text' : inner.preview
    return {
      label: `${ext === 'gz' ? 'gzip' : 'xz'}-compressed ${inner.label === 'File' ? 'file' : inner.label}`,
      preview: base === 'image' ? 'binary' : base,
      ...(inner.language ? { language: inner.language } : {}),
      compressed: ext,
    }
  }
  const image = IMAGES[ext]
  if (image) return { label: image, preview: 'image' }
  if (ext === 'json') return { label: 'JSON', preview: 'json', language: 'json' }
  if (ext === 'yaml' || ext === 'yml') return { label: 'YAML', preview: 'yaml', language: 'yaml' }
  if (ext === 'csv' || ext === 'tsv') return { label: ext.toUpperCase(), preview: 'csv' }
  const text = TEXT[ext]
  if (text) return { label: text[0], preview: 'text', ...(text[1] ? { language: text[1] } : {}) }
  const binary = BINARY[ext]
  if (binary) return { label: binary, preview: 'binary' }
  // OUTCAR, INCAR, vasprun-less names: most extension-less files of uploads are text; the
  // preview sniffs the bytes and says "binary" when they are not.
  return { label: 'File', preview: 'text' }
}
