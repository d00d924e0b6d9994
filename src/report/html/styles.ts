// The stylesheet of an output's detail, included by both pages (inline in the --html report, in
// dashboard.css for the dashboard), so diff colours and marks look the same in both.

export const OUTPUT_DETAIL_CSS = `
.output-detail { padding: 4px 0 4px 16px; }
.output-detail .muted { color: #6b7280; }
.output-detail h5 { margin: 10px 0 4px; font-size: 13px; }
.output-detail pre { background: #f3f4f6; border: 1px solid #e5e7eb; padding: 8px; overflow: auto; max-height: 420px; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre-wrap; word-break: break-word; margin: 4px 0; }
.output-detail table { border-collapse: collapse; background: #fff; margin: 4px 0; }
.output-detail th, .output-detail td { border: 1px solid #e5e7eb; padding: 3px 8px; text-align: left; vertical-align: top; }
.output-detail .num { text-align: right; font-variant-numeric: tabular-nums; }
.output-detail table.kv th { width: 110px; color: #6b7280; font-weight: normal; }
.output-detail pre.line-diff { white-space: pre; }
.output-detail pre.line-diff .del { background: #fee2e2; color: #991b1b; display: inline-block; min-width: 100%; }
.output-detail pre.line-diff .ins { background: #dcfce7; color: #166534; display: inline-block; min-width: 100%; }
.output-detail pre.line-diff .fold { color: #6b7280; font-style: italic; }
.output-detail pre.line-diff .where { color: #1d4ed8; font-weight: 600; }
.output-detail .side-by-side { display: flex; gap: 12px; flex-wrap: wrap; align-items: flex-start; }
.output-detail figure { max-width: 380px; margin: 4px 0; background: #fff; border: 1px solid #e5e7eb; padding: 6px; }
.output-detail figure.table-side { max-width: none; }
.output-detail details.values figure { max-width: none; flex: 1 1 0; min-width: 0; }
.output-detail figure img { display: block; max-width: 360px; max-height: 360px; min-width: 192px; height: auto; image-rendering: pixelated; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
.output-detail figcaption { font-size: 12px; color: #6b7280; text-align: center; }
.output-detail svg.chart { width: 100%; max-width: 640px; background: #fff; border: 1px solid #e5e7eb; }
.output-detail .legend span { margin-right: 12px; font-size: 12px; }
.output-detail .legend i { display: inline-block; width: 14px; height: 3px; vertical-align: middle; margin-right: 4px; }
.output-detail .scroll { overflow: auto; max-height: 460px; }
.output-detail table.grid td, .output-detail table.grid th { font-size: 12px; padding: 2px 6px; }
.output-detail td.cell-diff, .output-detail td.cell-marked { background: #fee2e2; font-weight: 600; }
.output-detail del { color: #991b1b; }
.output-detail ins { color: #166534; text-decoration: none; font-weight: 600; }
.output-detail tr.row-missing td { text-decoration: line-through; color: #991b1b; background: #fef2f2; }
.output-detail tr.row-extra td { color: #166534; background: #f0fdf4; }
.output-detail ul.differences { font-size: 13px; margin: 4px 0; padding-left: 20px; }
.output-detail ul.differences code { background: #f3f4f6; padding: 0 3px; }
.output-detail .warn-box { background: #fefce8; border: 1px solid #fde68a; padding: 6px 10px; margin: 6px 0; }
.output-detail details { margin: 6px 0; }
.output-detail details > summary { cursor: pointer; color: #374151; }
`;
