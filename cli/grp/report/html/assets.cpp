#include "grp/report/html/assets.hpp"

namespace grp::html {

namespace {

// Colours are variables so that dark mode and print restyle page and charts alike. The series
// palette is Okabe–Ito based (distinguishable with the common colour-vision deficiencies), with
// lighter variants on the dark background. Fonts are the platform's own: nothing is fetched.
constexpr std::string_view css = R"CSS(
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#57606a;--card:#f6f8fa;--border:#d0d7de;
--grid:#e3e7eb;--axis:#8c959f;--ref:#57606a;--link:#0969da;--ok:#1a7f37;--ok-bg:#dafbe1;--bad:#cf222e;
--bad-bg:#ffebe9;--warn:#9a6700;--warn-bg:#fff8c5;--skip:#6e7781;--mark:rgba(9,105,218,.12);
--s0:#0072b2;--s1:#e69f00;--s2:#009e73;--s3:#cc79a7;--s4:#56b4e9;--s5:#d55e00;--s6:#6a3d9a;--s7:#8f8f00}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9da7b3;--card:#161b22;
--border:#30363d;--grid:#262c35;--axis:#6e7681;--ref:#9da7b3;--link:#58a6ff;--ok:#3fb950;
--ok-bg:rgba(46,160,67,.2);--bad:#ff7b72;--bad-bg:rgba(248,81,73,.2);--warn:#d29922;
--warn-bg:rgba(187,128,9,.2);--skip:#8b949e;--mark:rgba(56,139,253,.18);--s0:#56a8e8;--s1:#f2b53c;
--s2:#3cc59a;--s3:#e394c2;--s4:#9ad8ff;--s5:#ff8a4c;--s6:#b69cf0;--s7:#d4d45a}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1280px;padding:16px 24px 48px;background:var(--bg);color:var(--fg);
font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
a{color:var(--link)}
h1{font-size:24px;margin:8px 0 4px}h2{font-size:20px;margin:32px 0 8px;padding-bottom:4px;
border-bottom:1px solid var(--border)}h3{font-size:16px;margin:20px 0 8px}h4{margin:4px 0 6px;font-size:14px}
.sub,.muted,figcaption{color:var(--muted)}
nav{margin:8px 0 0;display:flex;flex-wrap:wrap;gap:2px 14px}nav a{white-space:nowrap}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,580px),1fr));gap:16px;margin:8px 0}
.charts.wide{grid-template-columns:1fr}
figure.fig{margin:0;background:var(--card);border:1px solid var(--border);border-radius:8px;padding:8px}
figcaption{font-size:12px;margin:4px 4px 0}
svg.chart{display:block;width:100%;height:auto}
.chart .bg{fill:var(--card)}
.chart text{fill:var(--fg);font:12px system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
.chart .ttl{font-size:14px;font-weight:600}
.chart .tick{fill:var(--muted);font-size:11px}.chart .lbl{fill:var(--muted)}
.chart .val{fill:var(--muted);font-size:10px}
.chart .grid{stroke:var(--grid)}.chart .axis{stroke:var(--axis)}
.chart .ref{stroke:var(--ref);stroke-width:1.5;stroke-dasharray:6 4}
.chart .reflbl{fill:var(--ref);font-size:11px}
.chart .ln{fill:none;stroke:var(--c);stroke-width:2}.chart .dash .ln{stroke-dasharray:7 4}
.chart .dash .pt,.chart .dash .bar{stroke:var(--fg);stroke-width:1}
.chart .pt{fill:var(--c);stroke:var(--card);stroke-width:1}
.chart .pt:hover{stroke:var(--fg);stroke-width:2}
.chart .err{fill:none;stroke:var(--c);stroke-width:1.2;opacity:.85}
.chart .bar{fill:var(--c)}.chart .bar:hover{opacity:.8}
.chart .flag{fill:none;stroke:var(--bad);stroke-width:2}
.chart .flagbar{stroke:var(--bad);stroke-width:2.5}
.chart .iqr{fill:var(--c);fill-opacity:.25;stroke:var(--c);stroke-width:1.2}
.chart .whisker{fill:none;stroke:var(--c);stroke-width:1.2}.chart .med{stroke:var(--fg);stroke-width:2}
.chart .outlier{fill:none;stroke:var(--muted);stroke-width:1}
.chart .mark{fill:var(--fg);stroke:var(--card);stroke-width:.8}.chart .mark.hollow{fill:var(--card);stroke:var(--fg)}
.chart .tick.bad{fill:var(--bad)}
.chart .markband{fill:var(--mark)}.chart .marklbl{fill:var(--link);font-weight:600}
.chart .s0{--c:var(--s0)}.chart .s1{--c:var(--s1)}.chart .s2{--c:var(--s2)}.chart .s3{--c:var(--s3)}
.chart .s4{--c:var(--s4)}.chart .s5{--c:var(--s5)}.chart .s6{--c:var(--s6)}.chart .s7{--c:var(--s7)}
.tablewrap{overflow-x:auto;max-width:100%;margin:8px 0}
table{border-collapse:collapse;font-size:13px;width:100%}
th,td{padding:3px 8px;border-bottom:1px solid var(--border);text-align:left;vertical-align:top}
thead th{background:var(--card);position:sticky;top:0;white-space:nowrap}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
table.sortable thead th{cursor:pointer;user-select:none}
th[aria-sort=ascending]::after{content:" \25B2"}th[aria-sort=descending]::after{content:" \25BC"}
table.compact{width:auto;min-width:min(100%,560px)}
.tablewrap.long{max-height:560px;overflow:auto}
table.kv{width:auto;min-width:60%}table.kv th{font-weight:500;color:var(--muted);white-space:nowrap}
table.kv td{overflow-wrap:anywhere}
tr.row-st-wrong td,tr.row-v-bad td{background:var(--bad-bg)}
tr.row-st-failed td,tr.row-st-race td{background:var(--warn-bg)}
tr.row-st-skipped td{color:var(--muted)}tr.row-v-good td{background:var(--ok-bg)}
td.worst{color:var(--bad);font-weight:600}table.cases td{white-space:nowrap}
.badge{display:inline-block;padding:0 7px;border-radius:10px;font-size:12px;font-weight:600;
border:1px solid currentColor;white-space:nowrap}
.st-ok,.v-good{color:var(--ok)}.st-wrong,.v-bad{color:var(--bad)}.st-failed,.st-race{color:var(--warn)}
.st-skipped,.v-muted{color:var(--skip)}.v-same{color:var(--fg)}
.above-peak{color:var(--warn);font-weight:600}
.chips{margin:6px 0}.chip{display:inline-block;margin:0 6px 4px 0;padding:1px 10px;border-radius:12px;
background:var(--card);border:1px solid var(--border);font-weight:600}
.chip.st-wrong:not(.zero),.chip.v-bad{background:var(--bad-bg)}.chip.zero{opacity:.5}
.statusline strong{margin-right:6px}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,380px),1fr));gap:12px}
.card{background:var(--card);border:1px solid var(--border);border-radius:8px;padding:8px 12px}
.card.wide{grid-column:1/-1}
p.warn{background:var(--warn-bg);border-left:4px solid var(--warn);padding:6px 10px}
p.good{color:var(--ok);font-weight:600}
details summary{cursor:pointer;color:var(--muted);margin:6px 0}
input[type=search]{font:inherit;padding:3px 8px;min-width:260px;color:var(--fg);background:var(--bg);
border:1px solid var(--border);border-radius:6px}
footer{margin-top:40px;color:var(--muted);font-size:12px}
table.heatmap{width:auto}table.heatmap th[scope=row]{font-weight:600;white-space:nowrap}
table.heatmap td{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums;
-webkit-print-color-adjust:exact;print-color-adjust:exact}
table.heatmap td .gb{display:block;font-size:11px;color:var(--muted)}
table.heatmap td.h0{background:rgba(46,160,67,.55)}table.heatmap td.h1{background:rgba(46,160,67,.45)}
table.heatmap td.h2{background:rgba(46,160,67,.36)}table.heatmap td.h3{background:rgba(46,160,67,.28)}
table.heatmap td.h4{background:rgba(46,160,67,.21)}table.heatmap td.h5{background:rgba(46,160,67,.15)}
table.heatmap td.h6{background:rgba(46,160,67,.10)}table.heatmap td.h7{background:rgba(46,160,67,.05)}
table.heatmap td.rowbest{font-weight:700}
table.heatmap td.best{outline:2px solid var(--ok);outline-offset:-2px;font-weight:700}
table.heatmap td.nocase,table.heatmap td.skip{color:var(--skip)}table.heatmap td.skip{font-style:italic}
table.heatmap td.bad{background:var(--bad-bg);color:var(--bad);font-weight:600}
table.heatmap tr.host th,table.heatmap tr.host td{border-top:2px solid var(--border);text-align:left}
@media print{:root{color-scheme:light;--bg:#fff;--fg:#000;--muted:#444;--card:#fff;--border:#bbb;
--grid:#ddd;--axis:#777;--ref:#444;--link:#000;--ok:#1a7f37;--ok-bg:#e6f4ea;--bad:#c00;--bad-bg:#fde8e8;
--warn:#8a5a00;--warn-bg:#fff4d0;--skip:#666;--mark:rgba(0,0,0,.08);--s0:#0072b2;--s1:#e69f00;
--s2:#009e73;--s3:#cc79a7;--s4:#56b4e9;--s5:#d55e00;--s6:#6a3d9a;--s7:#8f8f00}
body{max-width:none;padding:0;font-size:11px}nav,.noprint{display:none}
.charts{grid-template-columns:1fr 1fr}figure.fig,.card,tr{break-inside:avoid}
thead th{position:static}.tablewrap.long{max-height:none;overflow:visible}h2{break-after:avoid}a{color:inherit;text-decoration:none}}
)CSS";

// window.__grp collects errors before any other script runs, so that the self-check and the
// browser test see failures of the later script too.
constexpr std::string_view head_script = R"JS(
window.__grp={errors:[]};
window.addEventListener('error',function(e){window.__grp.errors.push('error: '+(e.message||e.type));});
document.addEventListener('securitypolicyviolation',function(e){
window.__grp.errors.push('csp: '+e.violatedDirective);});
)JS";

constexpr std::string_view body_script = R"JS(
(function(){
'use strict';
function selfcheck(state){var out=document.getElementById('grp-selfcheck');if(!out)return;
var charts=document.querySelectorAll('svg.chart'),zero=0,over=0,first=[];
Array.prototype.forEach.call(charts,function(c){var b=c.getBoundingClientRect();
if(!(b.width>0&&b.height>0))zero++;
Array.prototype.forEach.call(c.querySelectorAll('text'),function(t){var r=t.getBoundingClientRect();
if(r.left<b.left-1||r.top<b.top-1||r.right>b.right+1||r.bottom>b.bottom+1){over++;
if(first.length<3)first.push(t.textContent);}});});
out.setAttribute('data-charts',String(charts.length));out.setAttribute('data-zero-size',String(zero));
out.setAttribute('data-overflow',String(over));out.setAttribute('data-overflow-texts',first.join(' | '));
// The page itself must never scroll sideways (a link bar or table that does not wrap).
var doc=document.documentElement;out.setAttribute('data-page-overflow',String(Math.max(0,doc.scrollWidth-doc.clientWidth)));
out.setAttribute('data-errors',String(window.__grp.errors.length));out.setAttribute('data-state',state);
out.textContent=window.__grp.errors.join('\n');}
// Registered before anything else runs, so that a failure below is still reported at load.
window.addEventListener('load',function(){selfcheck('load');});
function num(td){var v=td&&td.getAttribute('data-v');return v===null||v===undefined?NaN:parseFloat(v);}
function sortBy(table,index,th){
var numeric=th.getAttribute('data-type')==='num';
var dir=th.getAttribute('aria-sort')==='ascending'?-1:1;
Array.prototype.forEach.call(th.parentNode.cells,function(h){h.removeAttribute('aria-sort');});
th.setAttribute('aria-sort',dir===1?'ascending':'descending');
var body=table.tBodies[0];var rows=Array.prototype.slice.call(body.rows);
rows.sort(function(a,b){var x=a.cells[index],y=b.cells[index];
if(numeric){var p=num(x),q=num(y);if(isNaN(p)&&isNaN(q))return 0;if(isNaN(p))return 1;
if(isNaN(q))return -1;return dir*(p-q);}
return dir*(x?x.textContent:'').localeCompare(y?y.textContent:'',undefined,{numeric:true});});
rows.forEach(function(r){body.appendChild(r);});}
Array.prototype.forEach.call(document.querySelectorAll('table.sortable'),function(table){
if(!table.tHead)return;
Array.prototype.forEach.call(table.tHead.rows[0].cells,function(th,i){
th.tabIndex=0;th.addEventListener('click',function(){sortBy(table,i,th);});
th.addEventListener('keydown',function(e){if(e.key==='Enter'||e.key===' '){e.preventDefault();
sortBy(table,i,th);}});});});
var filter=document.getElementById('case-filter'),cases=document.getElementById('case-table');
var count=document.getElementById('case-count');
function applyFilter(){if(!filter||!cases)return;var q=filter.value.toLowerCase().trim(),shown=0;
Array.prototype.forEach.call(cases.tBodies[0].rows,function(r){
var hide=q!==''&&r.textContent.toLowerCase().indexOf(q)<0;r.hidden=hide;if(!hide)shown++;});
if(count)count.textContent=shown+' of '+cases.tBodies[0].rows.length+' cases';}
if(filter)filter.addEventListener('input',applyFilter);
applyFilter();
selfcheck('ready');
})();
)JS";

} // namespace

std::string_view page_css() {
    return css;
}
std::string_view page_head_script() {
    return head_script;
}
std::string_view page_body_script() {
    return body_script;
}

} // namespace grp::html
