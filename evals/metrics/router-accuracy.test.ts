import { describe, expect, it } from "vitest";
import { routerAccuracy } from "./router-accuracy.js";

describe("router accuracy against MultiHop-RAG question types", () => {
  it("maps types to routes and scores per type", () => {
    const r = routerAccuracy([
      { type: "temporal_query", route: "temporal" },
      { type: "temporal_query", route: "simple" },
      { type: "comparison_query", route: "relation" },
      { type: "inference_query", route: "multi_hop" },
      { type: "null_query", route: "multi_hop" },
      { type: "bridge", route: "simple" },
      { route: "simple" },
    ]);
    expect(r?.n).toBe(5);
    expect(r?.accuracy).toBeCloseTo(0.8, 6);
    expect(r?.by_type.temporal_query).toEqual({ n: 2, accuracy: 0.5, predicted: { temporal: 1, simple: 1 } });
    expect(r?.by_type.bridge).toBeUndefined();
  });

  it("is null when no question has a mapped type", () => {
    expect(routerAccuracy([{ type: "2hop", route: "simple" }])).toBeNull();
  });
});
