import cytoscape, { type Core, type ElementDefinition } from "cytoscape";
import { forwardRef } from "preact/compat";
import { useEffect, useImperativeHandle, useRef } from "preact/hooks";
import type { GraphNode, Subgraph } from "../api/schemas";
import { GRAPH_STYLE, nodeCaption } from "./graph-style";

export interface GraphCanvasHandle {
  /** Merges a subgraph in, lays out the new part around `focus`, and selects it. */
  add(sub: Subgraph, focus: string): void;
  clear(): void;
  fit(): void;
}

interface Props {
  visible: boolean;
  onTapNode: (id: string) => void;
  onCounts: (c: { nodes: number; edges: number }) => void;
}

/** Cytoscape.js owns the drawing; this component only feeds it elements and relays taps. */
export const GraphCanvas = forwardRef<GraphCanvasHandle, Props>(function GraphCanvas(
  { visible, onTapNode, onCounts },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const cy = useRef<Core | undefined>(undefined);
  const tap = useRef(onTapNode);
  tap.current = onTapNode;
  const report = () =>
    onCounts({ nodes: cy.current?.nodes().length ?? 0, edges: cy.current?.edges().length ?? 0 });

  useEffect(() => {
    if (!host.current) return;
    const instance = cytoscape({ container: host.current, style: GRAPH_STYLE, minZoom: 0.1, maxZoom: 2.5 });
    instance.on("tap", "node", (e) => tap.current(e.target.id()));
    cy.current = instance;
    return () => instance.destroy();
  }, []);

  useEffect(() => {
    // A hidden container has no size; once shown, cytoscape must measure again.
    if (visible) requestAnimationFrame(() => cy.current?.resize());
  }, [visible]);

  useImperativeHandle(ref, () => ({
    add(sub, focus) {
      const c = cy.current;
      if (!c) return;
      const elements: ElementDefinition[] = [];
      for (const n of sub.nodes)
        if (c.getElementById(n.id).empty()) elements.push({ group: "nodes", data: nodeData(n) });
      for (const e of sub.edges) {
        const id = `${e.src}|${e.type}|${e.dst}`;
        if (c.getElementById(id).empty())
          elements.push({ group: "edges", data: { id, source: e.src, target: e.dst, type: e.type } });
      }
      const added = c.add(elements.filter((e) => e.group === "nodes"));
      c.add(
        elements.filter(
          (e) =>
            e.group === "edges" &&
            c.getElementById(String(e.data.source)).nonempty() &&
            c.getElementById(String(e.data.target)).nonempty(),
        ),
      );
      const center = c.getElementById(focus);
      const { x, y } = center.position();
      // Only the new nodes move, in a ring around the one expanded; the rest of the picture stays.
      const r = Math.max(120, added.length * 9);
      added
        .layout({
          name: "concentric",
          fit: false,
          animate: false,
          boundingBox: { x1: x - r, y1: y - r, w: 2 * r, h: 2 * r },
          concentric: (n) => (n.id() === focus ? 2 : 1),
          levelWidth: () => 1,
        })
        .run();
      c.$(":selected").unselect();
      center.select();
      // Frame what was just added, but never so close that a few nodes fill the screen.
      c.fit(added.union(center), 40);
      if (c.zoom() > 1.3) {
        c.zoom(1.3);
        c.center(center);
      }
      report();
    },
    clear() {
      cy.current?.elements().remove();
      report();
    },
    fit() {
      cy.current?.fit(undefined, 30);
    },
  }));

  return <div ref={host} class="graph-canvas" data-testid="graph-canvas" />;
});

function nodeData(n: GraphNode) {
  return { id: n.id, label: n.label, caption: nodeCaption(n) };
}
