// Written by scripts/class-merge-config.mjs: tailwind-merge's default configuration, trimmed to
// the 110 class groups (of 379) that the app's classes can belong to. Do not edit; run the script again.
import { fromTheme, validators as v } from 'tailwind-merge';

export const classMergeConfig = () => ({
  cacheSize: 500,
  theme: {
    animate: ['spin', 'ping', 'pulse', 'bounce'],
    aspect: ['video'],
    blur: [v.isTshirtSize],
    breakpoint: [v.isTshirtSize],
    color: [v.isAny],
    container: [v.isTshirtSize],
    'drop-shadow': [v.isTshirtSize],
    ease: ['in', 'out', 'in-out'],
    font: [v.isAnyNonArbitrary],
    'font-weight': ['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold', 'black'],
    'inset-shadow': [v.isTshirtSize],
    leading: ['none', 'tight', 'snug', 'normal', 'relaxed', 'loose'],
    perspective: ['dramatic', 'near', 'normal', 'midrange', 'distant', 'none'],
    radius: [v.isTshirtSize],
    shadow: [v.isTshirtSize],
    spacing: ['px', v.isNumber],
    text: [v.isTshirtSize],
    'text-shadow': [v.isTshirtSize],
    tracking: ['tighter', 'tight', 'normal', 'wide', 'wider', 'widest'],
  },
  classGroups: {
    aspect: [{
      aspect: ['auto', 'square', v.isFraction, v.isArbitraryValue, v.isArbitraryVariable, fromTheme('aspect')],
    }],
    container: ['container'],
    display: ['block', 'inline-block', 'inline', 'flex', 'inline-flex', 'table', 'inline-table', 'table-caption', 'table-cell', 'table-column', 'table-column-group', 'table-footer-group', 'table-header-group', 'table-row-group', 'table-row', 'flow-root', 'grid', 'inline-grid', 'contents', 'list-item', 'hidden'],
    sr: ['sr-only', 'not-sr-only'],
    'object-fit': [{
      object: ['contain', 'cover', 'fill', 'none', 'scale-down'],
    }],
    overflow: [{
      overflow: ['auto', 'hidden', 'clip', 'visible', 'scroll'],
    }],
    'overflow-x': [{
      'overflow-x': ['auto', 'hidden', 'clip', 'visible', 'scroll'],
    }],
    'overflow-y': [{
      'overflow-y': ['auto', 'hidden', 'clip', 'visible', 'scroll'],
    }],
    position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
    inset: [{
      inset: [v.isFraction, 'full', 'auto', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    'inset-x': [{
      'inset-x': [v.isFraction, 'full', 'auto', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    'inset-y': [{
      'inset-y': [v.isFraction, 'full', 'auto', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    top: [{
      top: [v.isFraction, 'full', 'auto', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    right: [{
      right: [v.isFraction, 'full', 'auto', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    bottom: [{
      bottom: [v.isFraction, 'full', 'auto', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    left: [{
      left: [v.isFraction, 'full', 'auto', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    visibility: ['visible', 'invisible', 'collapse'],
    z: [{
      z: [v.isInteger, 'auto', v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'flex-direction': [{
      flex: ['row', 'row-reverse', 'col', 'col-reverse'],
    }],
    'flex-wrap': [{
      flex: ['nowrap', 'wrap', 'wrap-reverse'],
    }],
    flex: [{
      flex: [v.isNumber, v.isFraction, 'auto', 'initial', 'none', v.isArbitraryValue],
    }],
    shrink: [{
      shrink: ['', v.isNumber, v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'grid-cols': [{
      'grid-cols': [v.isInteger, 'none', 'subgrid', v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'col-start-end': [{
      col: ['auto', {
        span: ['full', v.isInteger, v.isArbitraryVariable, v.isArbitraryValue],
      }, v.isInteger, v.isArbitraryVariable, v.isArbitraryValue],
    }],
    gap: [{
      gap: [v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    'gap-x': [{
      'gap-x': [v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    'gap-y': [{
      'gap-y': [v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    'justify-content': [{
      justify: ['start', 'end', 'center', 'between', 'around', 'evenly', 'stretch', 'baseline', 'center-safe', 'end-safe', 'normal'],
    }],
    'justify-items': [{
      'justify-items': ['start', 'end', 'center', 'stretch', 'center-safe', 'end-safe', 'normal'],
    }],
    'justify-self': [{
      'justify-self': ['auto', 'start', 'end', 'center', 'stretch', 'center-safe', 'end-safe'],
    }],
    'align-content': [{
      content: ['normal', 'start', 'end', 'center', 'between', 'around', 'evenly', 'stretch', 'baseline', 'center-safe', 'end-safe'],
    }],
    'align-items': [{
      items: ['start', 'end', 'center', 'stretch', 'center-safe', 'end-safe', {
        baseline: ['', 'last'],
      }],
    }],
    'align-self': [{
      self: ['auto', 'start', 'end', 'center', 'stretch', 'center-safe', 'end-safe', {
        baseline: ['', 'last'],
      }],
    }],
    p: [{
      p: [v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    px: [{
      px: [v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    py: [{
      py: [v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    pt: [{
      pt: [v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    pr: [{
      pr: [v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    pb: [{
      pb: [v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    pl: [{
      pl: [v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    mx: [{
      mx: ['auto', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    my: [{
      my: ['auto', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    mt: [{
      mt: ['auto', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    mb: [{
      mb: ['auto', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    ml: [{
      ml: ['auto', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    size: [{
      size: [v.isFraction, 'auto', 'full', 'dvw', 'dvh', 'lvw', 'lvh', 'svw', 'svh', 'min', 'max', 'fit', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    w: [{
      w: [fromTheme('container'), 'screen', v.isFraction, 'auto', 'full', 'dvw', 'dvh', 'lvw', 'lvh', 'svw', 'svh', 'min', 'max', 'fit', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    'min-w': [{
      'min-w': [fromTheme('container'), 'screen', 'none', v.isFraction, 'auto', 'full', 'dvw', 'dvh', 'lvw', 'lvh', 'svw', 'svh', 'min', 'max', 'fit', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    'max-w': [{
      'max-w': [fromTheme('container'), 'screen', 'none', 'prose', {
        screen: [fromTheme('breakpoint')],
      }, v.isFraction, 'auto', 'full', 'dvw', 'dvh', 'lvw', 'lvh', 'svw', 'svh', 'min', 'max', 'fit', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    h: [{
      h: ['screen', 'lh', v.isFraction, 'auto', 'full', 'dvw', 'dvh', 'lvw', 'lvh', 'svw', 'svh', 'min', 'max', 'fit', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    'min-h': [{
      'min-h': ['screen', 'lh', 'none', v.isFraction, 'auto', 'full', 'dvw', 'dvh', 'lvw', 'lvh', 'svw', 'svh', 'min', 'max', 'fit', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    'max-h': [{
      'max-h': ['screen', 'lh', 'none', v.isFraction, 'auto', 'full', 'dvw', 'dvh', 'lvw', 'lvh', 'svw', 'svh', 'min', 'max', 'fit', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    'font-size': [{
      text: ['base', fromTheme('text'), v.isArbitraryVariableLength, v.isArbitraryLength],
    }],
    'font-weight': [{
      font: [fromTheme('font-weight'), v.isArbitraryVariableWeight, v.isArbitraryWeight],
    }],
    'font-family': [{
      font: [v.isArbitraryVariableFamilyName, v.isArbitraryFamilyName, fromTheme('font')],
    }],
    'fvn-spacing': ['proportional-nums', 'tabular-nums'],
    tracking: [{
      tracking: [fromTheme('tracking'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'line-clamp': [{
      'line-clamp': [v.isNumber, 'none', v.isArbitraryVariable, v.isArbitraryNumber],
    }],
    leading: [{
      leading: ['none', fromTheme('leading'), v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    'text-alignment': [{
      text: ['left', 'center', 'right', 'justify', 'start', 'end'],
    }],
    'text-color': [{
      text: [fromTheme('color'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'text-decoration': ['underline', 'overline', 'line-through', 'no-underline'],
    'underline-offset': [{
      'underline-offset': [v.isNumber, 'auto', v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'text-overflow': ['truncate', 'text-ellipsis', 'text-clip'],
    'text-wrap': [{
      text: ['wrap', 'nowrap', 'balance', 'pretty'],
    }],
    'vertical-align': [{
      align: ['baseline', 'top', 'middle', 'bottom', 'text-top', 'text-bottom', 'sub', 'super', v.isArbitraryVariable, v.isArbitraryValue],
    }],
    whitespace: [{
      whitespace: ['normal', 'nowrap', 'pre', 'pre-line', 'pre-wrap', 'break-spaces'],
    }],
    break: [{
      break: ['normal', 'words', 'all', 'keep'],
    }],
    content: [{
      content: ['none', v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'bg-color': [{
      bg: [fromTheme('color'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'gradient-from': [{
      from: [fromTheme('color'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'gradient-via': [{
      via: [fromTheme('color'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'gradient-to': [{
      to: [fromTheme('color'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    rounded: [{
      rounded: ['', 'none', 'full', fromTheme('radius'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'border-w': [{
      border: ['', v.isNumber, v.isArbitraryVariableLength, v.isArbitraryLength],
    }],
    'border-w-t': [{
      'border-t': ['', v.isNumber, v.isArbitraryVariableLength, v.isArbitraryLength],
    }],
    'border-w-b': [{
      'border-b': ['', v.isNumber, v.isArbitraryVariableLength, v.isArbitraryLength],
    }],
    'border-w-l': [{
      'border-l': ['', v.isNumber, v.isArbitraryVariableLength, v.isArbitraryLength],
    }],
    'border-style': [{
      border: ['solid', 'dashed', 'dotted', 'double', 'hidden', 'none'],
    }],
    'border-color': [{
      border: [fromTheme('color'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'border-color-t': [{
      'border-t': [fromTheme('color'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'border-color-b': [{
      'border-b': [fromTheme('color'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'border-color-l': [{
      'border-l': [fromTheme('color'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'outline-style': [{
      outline: ['solid', 'dashed', 'dotted', 'double', 'none', 'hidden'],
    }],
    'outline-offset': [{
      'outline-offset': [v.isNumber, v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'outline-w': [{
      outline: ['', v.isNumber, v.isArbitraryVariableLength, v.isArbitraryLength],
    }],
    'outline-color': [{
      outline: [fromTheme('color'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    shadow: [{
      shadow: ['', 'inner', 'none', fromTheme('shadow'), v.isArbitraryVariableShadow, v.isArbitraryShadow],
    }],
    'shadow-color': [{
      shadow: [fromTheme('color'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'ring-w': [{
      ring: ['', v.isNumber, v.isArbitraryVariableLength, v.isArbitraryLength],
    }],
    'ring-color': [{
      ring: [fromTheme('color'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'ring-offset-w': [{
      'ring-offset': [v.isNumber, v.isArbitraryLength],
    }],
    'ring-offset-color': [{
      'ring-offset': [fromTheme('color'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    opacity: [{
      opacity: [v.isNumber, v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'drop-shadow': [{
      'drop-shadow': ['', 'none', fromTheme('drop-shadow'), v.isArbitraryVariableShadow, v.isArbitraryShadow],
    }],
    'backdrop-blur': [{
      'backdrop-blur': ['', 'none', fromTheme('blur'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    transition: [{
      transition: ['', 'all', 'colors', 'opacity', 'shadow', 'transform', 'none', v.isArbitraryVariable, v.isArbitraryValue],
    }],
    animate: [{
      animate: ['none', fromTheme('animate'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    transform: [{
      transform: [v.isArbitraryVariable, v.isArbitraryValue, '', 'none', 'gpu', 'cpu'],
    }],
    'translate-x': [{
      'translate-x': [v.isFraction, 'full', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    'translate-y': [{
      'translate-y': [v.isFraction, 'full', v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    accent: [{
      accent: [fromTheme('color'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    appearance: [{
      appearance: ['none', 'auto'],
    }],
    cursor: [{
      cursor: ['auto', 'default', 'pointer', 'wait', 'text', 'move', 'help', 'not-allowed', 'none', 'context-menu', 'progress', 'cell', 'crosshair', 'vertical-text', 'alias', 'copy', 'no-drop', 'grab', 'grabbing', 'all-scroll', 'col-resize', 'row-resize', 'n-resize', 'e-resize', 's-resize', 'w-resize', 'ne-resize', 'nw-resize', 'se-resize', 'sw-resize', 'ew-resize', 'ns-resize', 'nesw-resize', 'nwse-resize', 'zoom-in', 'zoom-out', v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'pointer-events': [{
      'pointer-events': ['auto', 'none'],
    }],
    'scroll-my': [{
      'scroll-my': [v.isArbitraryVariable, v.isArbitraryValue, fromTheme('spacing')],
    }],
    select: [{
      select: ['none', 'text', 'all', 'auto'],
    }],
    fill: [{
      fill: ['none', fromTheme('color'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
    'stroke-w': [{
      stroke: [v.isNumber, v.isArbitraryVariableLength, v.isArbitraryLength, v.isArbitraryNumber],
    }],
    stroke: [{
      stroke: ['none', fromTheme('color'), v.isArbitraryVariable, v.isArbitraryValue],
    }],
  },
  conflictingClassGroups: {
    overflow: ['overflow-x', 'overflow-y'],
    inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
    'inset-x': ['right', 'left'],
    'inset-y': ['top', 'bottom'],
    flex: ['shrink'],
    gap: ['gap-x', 'gap-y'],
    p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
    px: ['pr', 'pl'],
    py: ['pt', 'pb'],
    mx: ['ml'],
    my: ['mt', 'mb'],
    size: ['w', 'h'],
    'font-size': ['leading'],
    'line-clamp': ['display', 'overflow'],
    'border-w': ['border-w-t', 'border-w-b', 'border-w-l'],
    'border-color': ['border-color-t', 'border-color-b', 'border-color-l'],
  },
  conflictingClassGroupModifiers: {
    'font-size': ['leading'],
  },
  postfixLookupClassGroups: [],
  orderSensitiveModifiers: ['*', '**', 'after', 'backdrop', 'before', 'details-content', 'file', 'first-letter', 'first-line', 'marker', 'placeholder', 'selection'],
});
