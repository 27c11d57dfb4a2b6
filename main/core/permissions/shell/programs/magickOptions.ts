/**
 * ImageMagick's options, one table for every tool of the suite (magick, convert, mogrify, identify,
 * montage, composite): the `CommandOptions[]` table of MagickCore/option.c (ImageMagick 7.1.2-30),
 * which names each option with its leading `-` or `+` and the number of arguments it takes; IM 6
 * knows a subset of them. Options are single-dash long words matched whole (no prefixes, no
 * clusters). An option with two arguments (`-annotate geometry text`, `-distort method args`,
 * `-set key value`) is read with its first; the second is read as an operand, so it meets the
 * operand checks (converters.ts), which errs toward keying. `+option` words (`+repage`,
 * `+write file`) are read by `PLUS` in the rule's check, since the reader takes them for operands.
 */
import { exec, type Effect } from '../effects.js';
import { opaque } from './kit.js';
import { optionTable, type OptionHandler, type OptionTable } from './optionTable.js';

/**
 * `-define delegate:…` / `-set option:delegate:…` change the delegates, the external programs
 * ImageMagick runs to read and write formats; other keys are coder settings (`jpeg:quality=90`).
 */
const delegate: OptionHandler = (v, typed, at): Effect[] =>
  v === null || v === undefined || /^\s*(option:)?delegate:/i.test(v)
    ? [exec('delegate', opaque(v ?? null), `${at.where} ${typed} can set the program ImageMagick runs for a format`)]
    : [];

/** The `-` options (`-script` runs a magick script, `-process` loads a filter module). */
export const MAGICK: OptionTable = optionTable({
  options:
    'adaptive-blur= adaptive-resize= adaptive-sharpen= adjoin affine= affinity= alpha= annotate= antialias append ' +
    'attenuate= authenticate= auto-gamma auto-level auto-orient auto-threshold= average backdrop= background= ' +
    'bench= bias= bilateral-blur= black-point-compensation black-threshold= blend= blue-primary= blue-shift= ' +
    'blur= border= bordercolor= borderwidth= box= brightness-contrast= cache= canny= caption= cdl= channel= ' +
    'channel-fx= charcoal= chop= clahe= clamp clip clip-mask= clip-path= clone= clut coalesce color-matrix= ' +
    'color-threshold= colorize= colormap= colors= colorspace= combine comment= compare complex= compose= ' +
    'composite compress= concurrent connected-components= contrast contrast-stretch= convolve= copy= crop= cycle= ' +
    'debug= decipher= deconstruct define= delay= delete= density= depth= descend= deskew= despeckle direction= ' +
    'displace= display= dispose= dissimilarity-threshold= dissolve= distort= dither= draw= duplicate= duration= ' +
    'edge= emboss= encipher= encoding= endian= enhance equalize evaluate= evaluate-sequence= exit extent= ' +
    'extract= family= features= fft fill= filter= flatten flip floodfill= flop font= foreground= format= frame= ' +
    'function= fuzz= fx= gamma= gaussian= gaussian-blur= geometry= gravity= grayscale= green-primary= hald-clut ' +
    'highlight-color= hough-lines= iconGeometry= iconic identify ift illuminant= immutable implode= insert= ' +
    'integral intensity= intent= interlace= interline-spacing= interpolate= interpolative-resize= ' +
    'interword-spacing= kerning= kmeans= kuwahara= label= lat= layers= level= level-colors= limit= ' +
    'linear-stretch= liquid-rescale= list= local-contrast= log= loop= lowlight-color= magnify map= mask= matte ' +
    'mattecolor= maximum mean-shift= median= metric= minimum mode= modulate= moments monitor monochrome morph= ' +
    'morphology= mosaic motion-blur= name= negate noise= noop normalize opaque= ordered-dither= orient= page= ' +
    'paint= path= pause= ping pointsize= polaroid= poly= posterize= precision= preview= print= process=:load ' +
    'profile= quality= quantize= quiet raise= random-threshold= range-threshold= read= read-mask= recolor= ' +
    'red-primary= regard-warnings region= remap= remote= render repage= resample= reshape= resize= ' +
    'respect-parentheses respect-parenthesis reverse roll= rotate= rotational-blur= sample= sampling-factor= ' +
    'sans= sans0 sans1= sans2= scale= scene= scenes= screen= script=:load seed= segment= selective-blur= separate ' +
    'sepia-tone= set= shade= shadow= shared-memory= sharpen= shave= shear= sigmoidal-contrast= silent= ' +
    'similarity-threshold= size= sketch= smush= snaps= solarize= sort-pixels sparse-color= splice= spread= ' +
    'statistic= stegano= stereo= stretch= strip stroke= strokewidth= style= subimage subimage-search swap= swirl= ' +
    'synchronize taint text-font= texture= threshold= thumbnail= tile= tile-offset= tint= title= transform ' +
    'transparent= transparent-color= transpose transverse treedepth= trim type= undercolor= unique unique-colors ' +
    'units= unsharp= update= use-pixmap= verbose version view= vignette= virtual-pixel= visual= watermark= wave= ' +
    'wavelet-denoise= weight= white-balance white-point= white-threshold= window= window-group= word-break= ' +
    'write= write-mask=',
  singleDashLong: true,
  handlers: { define: delegate, set: delegate },
});

/** The `+` options: their names and whether they take an argument (and `+write`, `+process`, as above). */
export const PLUS: OptionTable = optionTable({
  options:
    'adaptive-blur= adaptive-resize= adaptive-sharpen= adjoin affine affinity alpha= annotate antialias append ' +
    'attenuate authenticate auto-gamma auto-level auto-orient auto-threshold= average backdrop background bench= ' +
    'bias bilateral-blur= black-point-compensation black-threshold blend blue-primary blue-shift= blur border= ' +
    'bordercolor borderwidth box brightness-contrast cache canny= caption cdl= channel charcoal= chop= clahe= ' +
    'clamp clip clip-mask clip-path= clone clut coalesce color-matrix= color-threshold colorize= colormap colors= ' +
    'colorspace combine= comment compare complex= compose composite compress concurrent connected-components= ' +
    'contrast contrast-stretch= convolve= copy= crop= cycle= debug decipher= deconstruct define= delay delete ' +
    'density depth descend deskew despeckle direction displace display= dispose dissimilarity-threshold dissolve ' +
    'distort= dither draw duplicate duration= edge= emboss= encipher= encoding endian enhance equalize evaluate= ' +
    'evaluate-sequence= extent= extract family features fft fill filter flatten flip floodfill= flop font ' +
    'foreground format frame= function= fuzz fx= gamma= gaussian= gaussian-blur= geometry gravity grayscale= ' +
    'green-primary hald-clut highlight-color hough-lines= iconGeometry iconic identify ift illuminant= immutable ' +
    'implode insert integral intensity intent interlace interline-spacing interpolate interpolative-resize= ' +
    'interword-spacing kerning kuwahara label lat= layers= level= level-colors= limit linear-stretch= ' +
    'liquid-rescale= list local-contrast log loop lowlight-color magnify map mask matte mattecolor maximum ' +
    'mean-shift= median= metric minimum mode= modulate= moments monitor monochrome morph= morphology= mosaic ' +
    'motion-blur= name negate noise= normalize opaque= ordered-dither orient page paint path pause ping pointsize ' +
    'polaroid poly= posterize= precision preview print= process=:load profile= quality quantize quiet raise= ' +
    'random-threshold= range-threshold= read-mask recolor= red-primary regard-warnings region remap remote render ' +
    'repage resample= reshape= resize= respect-parentheses respect-parenthesis reverse roll= rotate= sample= ' +
    'sampling-factor sans= sans0 sans1= sans2= scale= scene scenes screen seed segment= selective-blur= separate ' +
    'sepia-tone= set= shade shadow= shared-memory sharpen= shave= shear= sigmoidal-contrast= silent ' +
    'similarity-threshold size sketch= smush= snaps solarize= sort-pixels sparse-color= splice= spread= ' +
    'statistic= stegano stereo stretch= strip stroke strokewidth= style subimage-search swap swirl= synchronize ' +
    'taint text-font texture threshold thumbnail= tile tile-offset tint= title transform transparent= ' +
    'transparent-color transpose transverse treedepth= trim type undercolor unique unique-colors units unsharp= ' +
    'update use-pixmap verbose version view vignette= virtual-pixel visual watermark wave= wavelet-denoise ' +
    'weight= white-balance white-point white-threshold= window window-group word-break write= write-mask',
});
