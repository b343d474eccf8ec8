/* The catalogue: one line per scenario, in the order reports list them. A line is the scenario's descriptor,
 * the facts every implementation of the workload shares and every script and document reads (through the bench
 * binaries' --describe, never a copy of their own):
 *
 *   SCENARIO(id, family, unit, sizes, memory, shown, description)
 *
 *   id           its name, and the suffix of its implementations' symbols: scenario_ID (scenarios/ID.c, written
 *                against the contract) and scenario_info_ID (this descriptor, scenarios/info.c)
 *   family       the group its plots and reports show it in (plots.py draws one family-FAMILY figure per family,
 *                in the order the families first appear here)
 *   unit         what one timed unit is; the figure is ns per unit
 *   sizes        the entity counts it runs at when none are asked for (scenarios/scenario.h): SIZES_DEFAULT (2^10 up
 *                to the harness's limit), SIZES_STRUCTURAL (up to 2^STRUCTURAL_SWEEP_TO), or either WITH_OWN(N),
 *                adding the size its reference benchmark uses; SIZES_AT(K), 2^K alone; and FRAMED(sizes, F), a
 *                scenario also measured frame by frame in sequences of F frames (scenario.h, frames)
 *   memory       WARM (the default) or WARM_AND_FRESH: make bench also runs it with --memory fresh
 *   shown        where the report shows it beyond its family: NOT_SHOWN, or SHOWN(...) of any of
 *                HEADLINE(place, label), its row of the first page's answer table and heatmap (from 1, in place
 *                order), label the workload it stands for in a reader's words; FRAME_ANSWER(place, label), its row
 *                of the first page's answer for frames (a framed scenario); FIGURES(flags), the figures beyond its
 *                family's that show it, FIGURE_OPS (absolute cost of the structural operations) and FIGURE_MEMORY
 *                (bytes per entity) (scenario.h, scenario_figures); CHANGE_RATE(percent), for a change-detection
 *                scenario ID with a reference ID_scan, the percent of its entities written per frame; TRACKING(ref),
 *                its column of the change-tracking table, where it is compared with scenario ref (the same
 *                workload without the change term or the tracking query), in catalogue order; QUERIES(base, Q), a
 *                member of base's query-count series, the same workload while Q more cached queries exist
 *   description  one line for the scenario table of docs/scenarios.md (markdown)
 *
 * Adding a scenario: write scenarios/ID.c defining scenario_ID with `DEFINE_SCENARIO(ID, .setup = ..., ...)`
 * (info.h) and add its line here; a baseline on plain arrays is optional (scenarios/raw/ID.c, defining raw_NAME
 * with `DEFINE_RAW_BASELINE(NAME, ID, "raw-soa", ...)`, with its line in scenarios/raw/catalog.c). */
SCENARIO(create, "structural", "entity", SIZES_STRUCTURAL, WARM_AND_FRESH,
         SHOWN(HEADLINE(9, "Spawning one by one"), FIGURES(FIGURE_OPS)),
         "n entities with Position and Velocity: create, then two adds each")
SCENARIO(create_bulk, "structural", "entity", SIZES_STRUCTURAL, WARM_AND_FRESH,
         SHOWN(HEADLINE(10, "Spawning in bulk"), FIGURES(FIGURE_OPS)),
         "the same n entities through the strategy's bulk-create path")
SCENARIO(create_warm, "structural", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "`create` in a world that already held n such entities and destroyed them all (every index recycled, "
         "storage at full size)")
SCENARIO(destroy, "structural", "entity", SIZES_STRUCTURAL, WARM,
         SHOWN(HEADLINE(11, "Destroying"), FIGURES(FIGURE_OPS)), "destroy n such entities, in creation order")
SCENARIO(simple_iter, "iteration", "entity", SIZES_DEFAULT, WARM,
         SHOWN(HEADLINE(1, "Iterating a stable world"), FIGURES(FIGURE_MEMORY)),
         "n entities with Transform, Position, Rotation, Velocity; one pass of `pos += vel` through a query created "
         "with the cached hint")
SCENARIO(iter_half, "iteration", "entity", SIZES_DEFAULT, WARM, NOT_SHOWN,
         "n entities with Velocity, every other one also with Position; `pos += vel` over both")
SCENARIO(iter_one, "iteration", "entity", SIZES_DEFAULT, WARM, NOT_SHOWN,
         "n entities with Velocity, exactly one also with Position; `pos += vel` over both")
SCENARIO(packed_5, "iteration", "entity", SIZES_DEFAULT, WARM, SHOWN(FIGURES(FIGURE_MEMORY)),
         "n entities with A…E; five single-component queries, each doubling its component")
SCENARIO(whole_iter, "iteration", "entity", SIZES_DEFAULT, WARM,
         SHOWN(HEADLINE(2, "Reading every component of each entity")),
         "`simple_iter`'s world; one pass of a cached query over all four components that reads each whole: "
         "`pos += vel * s + (0, 0, rot.z)`, s the product of the transform's diagonal (1, so the result is "
         "`simple_iter`'s): the case for whole-entity records")
SCENARIO(padded_iter, "iteration", "entity", SIZES_DEFAULT, WARM, SHOWN(FIGURES(FIGURE_MEMORY)),
         "n entities with Mass (a double) and Charge (a float), whose record pads to 16 bytes for 12 of data; "
         "`mass += charge` through a cached query: the case for one array per component")
SCENARIO(frag_iter, "iteration", "entity", WITH_OWN(SIZES_DEFAULT, 520), WARM, NOT_SHOWN,
         "entity i with L(i mod 26) and Data; `Data *= 2` over Data (also at 26 × 20 entities, the reference "
         "suites' size)")
SCENARIO(selectivity_1, "iteration", "entity", SIZES_DEFAULT, WARM,
         SHOWN(HEADLINE(3, "Queries that match 1% of the entities")),
         "n entities with Position, each also with Velocity with probability 1% (fixed seed); `pos += vel`")
SCENARIO(selectivity_10, "iteration", "entity", SIZES_DEFAULT, WARM, NOT_SHOWN, "the same with probability 10%")
SCENARIO(selectivity_50, "iteration", "entity", SIZES_DEFAULT, WARM, NOT_SHOWN, "the same with probability 50%")
SCENARIO(selectivity_100, "iteration", "entity", SIZES_DEFAULT, WARM, NOT_SHOWN, "the same with probability 100%")
SCENARIO(query_exclude, "iteration", "entity", SIZES_DEFAULT, WARM, SHOWN(HEADLINE(4, "Queries that exclude a tag")),
         "n entities with Position and Velocity, each also with a tag with probability 1/2; `pos += vel` excluding "
         "the tag")
SCENARIO(random_tables_q1, "fragmentation", "entity", WITH_OWN(SIZES_STRUCTURAL, 1000), WARM, NOT_SHOWN,
         "n entities, each with a fixed-seed coin-flip subset of C0…C11 (up to 4096 sets); one pass of a query over "
         "C0 (also at n = 1000: most sets hold one entity or none)")
SCENARIO(random_tables_q4, "fragmentation", "entity", WITH_OWN(SIZES_STRUCTURAL, 1000), WARM, NOT_SHOWN,
         "the same world; one pass of a query over C0…C3")
SCENARIO(random_tables_q8, "fragmentation", "entity", WITH_OWN(SIZES_STRUCTURAL, 1000), WARM, NOT_SHOWN,
         "the same world; one pass of a query over C0…C7")
SCENARIO(empty_tables, "fragmentation", "entity", WITH_OWN(SIZES_STRUCTURAL, 1000), WARM, NOT_SHOWN,
         "that world after all but every 16th entity are destroyed; `random_tables_q1`'s pass (also at n = 1000, "
         "about 63 entities left); per entity of the n created")
SCENARIO(scatter_create, "fragmentation", "entity", SIZES_STRUCTURAL, WARM_AND_FRESH, NOT_SHOWN,
         "n entities with Position, Velocity and a fixed-seed random subset of twelve more components (up to 2^12 "
         "distinct sets), each spawned with its whole set through the bulk path (n = 1)")
SCENARIO(scatter_iter, "fragmentation", "entity", SIZES_STRUCTURAL, WARM,
         SHOWN(HEADLINE(5, "Fragmented worlds: thousands of component sets"), FIGURES(FIGURE_MEMORY)),
         "one pass of `pos += vel` through the cached Position+Velocity query over that world: the fragmentation "
         "case")
SCENARIO(adhoc_iter, "ad-hoc", "entity", SIZES_DEFAULT, WARM, NOT_SHOWN,
         "`simple_iter`'s world without a cached query: each run makes the pass's query on the spot (no cached "
         "hint), runs `pos += vel` through it once and destroys it")
SCENARIO(query_create, "ad-hoc", "entity", SIZES_DEFAULT, WARM, NOT_SHOWN,
         "that query's creation and destruction alone, per entity of the world (the figure × n is one query)")
SCENARIO(adhoc_scatter_iter, "ad-hoc", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "`adhoc_iter` on `scatter_iter`'s fragmented world (up to 4096 component sets)")
SCENARIO(query_create_scatter, "ad-hoc", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN, "`query_create` on that world")
SCENARIO(add_remove, "structural", "pair", SIZES_STRUCTURAL, WARM,
         SHOWN(HEADLINE(6, "Adding and removing a component"), FIGURES(FIGURE_OPS)),
         "n entities with A; add B to each, then remove it from each (one add and one remove per unit)")
SCENARIO(add_remove_cached, "structural", "pair", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "the same while a cached query over A and B exists, so per-query state (cached filters, groups) is "
         "maintained on every change")
SCENARIO(add_remove_large, "structural", "pair", SIZES_STRUCTURAL, WARM,
         SHOWN(HEADLINE(7, "The same on wide entities"), FIGURES(FIGURE_OPS | FIGURE_MEMORY)),
         "`add_remove` on entities that also carry ten other components")
SCENARIO(entity_cycle, "structural", "cycle", SIZES_STRUCTURAL, WARM, SHOWN(FIGURES(FIGURE_OPS)),
         "n entities with A; spawn one entity with B for each, then find every entity with B through a query and "
         "destroy them (one spawn and one destroy per unit)")
SCENARIO(random_get, "access", "get", SIZES_DEFAULT, WARM, SHOWN(HEADLINE(12, "Random access by handle")),
         "n entities with Position and Velocity; read every Position once through the handles in a fixed-seed "
         "shuffled order")
SCENARIO(seq_get, "access", "get", SIZES_DEFAULT, WARM, NOT_SHOWN, "the same in creation order")
SCENARIO(tag_churn, "transient", "entity", SIZES_STRUCTURAL, WARM, SHOWN(FIGURES(FIGURE_MEMORY)),
         "n entities with Position and Velocity; each frame a fixed-seed 10% of them gain a transient tag and the "
         "10% that gained it the frame before lose it, then `pos += vel` runs through the cached query over Position "
         "and Velocity excluding the tag (one run = one frame; ns per frame = the figure × n)")
SCENARIO(sparse_churn, "transient", "entity", SIZES_STRUCTURAL, WARM, SHOWN(FIGURES(FIGURE_MEMORY)),
         "the same with a 4-byte component registered with the sparse hint instead of the tag")
SCENARIO(tag_toggle, "transient", "entity", SIZES_STRUCTURAL, WARM, SHOWN(HEADLINE(8, "Transient tags")),
         "the changes of `tag_churn` alone, without the query: what adding and removing the transient tag costs")
SCENARIO(sparse_toggle, "transient", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "the changes of `sparse_churn` alone, without the query")
SCENARIO(add_remove_q1, "queries", "pair", SIZES_STRUCTURAL, WARM, SHOWN(QUERIES(add_remove, 1)),
         "`add_remove` while one cached query over A and B exists, never iterated (it excludes a tag no entity "
         "holds, so it matches them)")
SCENARIO(add_remove_q10, "queries", "pair", SIZES_STRUCTURAL, WARM, SHOWN(QUERIES(add_remove, 10)),
         "the same with ten such queries, no two alike: half exclude a tag no entity holds (they match), half "
         "require one (they match none)")
SCENARIO(add_remove_q100, "queries", "pair", SIZES_STRUCTURAL, WARM, SHOWN(QUERIES(add_remove, 100)),
         "the same with a hundred")
SCENARIO(tag_toggle_q1, "queries", "entity", SIZES_STRUCTURAL, WARM, SHOWN(QUERIES(tag_toggle, 1)),
         "`tag_toggle` while one cached query over Position requiring the tag exists, never iterated")
SCENARIO(tag_toggle_q10, "queries", "entity", SIZES_STRUCTURAL, WARM, SHOWN(QUERIES(tag_toggle, 10)),
         "the same with ten such queries, half of them matching the tag's holders and half none")
SCENARIO(tag_toggle_q100, "queries", "entity", SIZES_STRUCTURAL, WARM, SHOWN(QUERIES(tag_toggle, 100)),
         "the same with a hundred")
SCENARIO(new_sets_q0, "queries", "entity", SIZES_AT(14), WARM, NOT_SHOWN,
         "`new_sets`'s 256 frames measured as one run, the reference of the three below: per-table matching meets "
         "many queries where new component sets appear")
SCENARIO(new_sets_q1, "queries", "entity", SIZES_AT(14), WARM, SHOWN(QUERIES(new_sets_q0, 1)),
         "the same while one more cached query over Position and Velocity exists, never iterated")
SCENARIO(new_sets_q10, "queries", "entity", SIZES_AT(14), WARM, SHOWN(QUERIES(new_sets_q0, 10)),
         "the same with ten such queries, half of them matching the new sets and half none")
SCENARIO(new_sets_q100, "queries", "entity", SIZES_AT(14), WARM, SHOWN(QUERIES(new_sets_q0, 100)),
         "the same with a hundred")
SCENARIO(spawn_add_1, "batched", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "n entities spawned one at a time: `esb_create`, then one `esb_add` of a one-float component (S0), while a "
         "cached query over the spawned components exists; the run ends with a pass over it")
SCENARIO(spawn_add_2, "batched", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "the same with two components added one by one (S0, S1)")
SCENARIO(spawn_add_4, "batched", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN, "the same with four (S0 to S3)")
SCENARIO(spawn_add_8, "batched", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN, "the same with eight (S0 to S7)")
SCENARIO(spawn_bundle_1, "batched", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "`spawn_add_1` with the component given by one `esb_add_bundle` (a bundle of one: the control of the "
         "bundle's fixed cost)")
SCENARIO(spawn_bundle_2, "batched", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "`spawn_add_2` with both components in one `esb_add_bundle`")
SCENARIO(spawn_bundle_4, "batched", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "`spawn_add_4` with the four in one bundle")
SCENARIO(spawn_bundle_8, "batched", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "`spawn_add_8` with the eight in one bundle")
SCENARIO(add_remove_matching, "batched", "pair", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "`add_remove_cached`'s adds and removes as two query-wide calls: `esb_add_matching` of B over a cached "
         "query of A without B, then `esb_remove_matching` of B over the pass's query (cached), each followed by the "
         "pass")
SCENARIO(add_remove_frag, "batched", "pair", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "`add_remove` (one call per entity, the pass's query cached) on entities spread over sixteen component sets "
         "(entity i also carries tag F(i mod 16))")
SCENARIO(add_remove_matching_frag, "batched", "pair", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "`add_remove_matching` on that world: sixteen groups to move in each call")
SCENARIO(wide_iter_s4_w8, "wide", "entity", SIZES_AT(12), WARM, SHOWN(FIGURES(FIGURE_MEMORY)),
         "n entities (2^12, the family's one size) with W = 8 components C0…C7 of S = 4 bytes each (S/4 floats, "
         "registered in that order); one pass of a cached query over the last two that writes the last whole from "
         "the one before it (`dst += src * 0.5` per float) and reads no other: what an entity's unread bytes cost "
         "each layout")
SCENARIO(wide_iter_s64_w8, "wide", "entity", SIZES_AT(12), WARM, SHOWN(FIGURES(FIGURE_MEMORY)),
         "the same at S = 64, W = 8")
SCENARIO(wide_iter_s256_w8, "wide", "entity", SIZES_AT(12), WARM, SHOWN(FIGURES(FIGURE_MEMORY)),
         "the same at S = 256, W = 8")
SCENARIO(wide_iter_s1024_w8, "wide", "entity", SIZES_AT(12), WARM, SHOWN(FIGURES(FIGURE_MEMORY)),
         "the same at S = 1024, W = 8")
SCENARIO(wide_iter_s64_w2, "wide", "entity", SIZES_AT(12), WARM, SHOWN(FIGURES(FIGURE_MEMORY)),
         "the same at S = 64, W = 2")
SCENARIO(wide_iter_s64_w32, "wide", "entity", SIZES_AT(12), WARM, SHOWN(FIGURES(FIGURE_MEMORY)),
         "the same at S = 64, W = 32")
SCENARIO(wide_add_remove_s4_w8, "wide", "pair", SIZES_AT(12), WARM, NOT_SHOWN,
         "`wide_iter_s4_w8`'s world; add a 4-byte component B to every entity, then remove it from every one, each "
         "phase ended by a pass over B and the last wide component (one add and one remove per unit): a design that "
         "moves entities moves W × S bytes")
SCENARIO(wide_add_remove_s64_w8, "wide", "pair", SIZES_AT(12), WARM, NOT_SHOWN, "the same at S = 64, W = 8")
SCENARIO(wide_add_remove_s256_w8, "wide", "pair", SIZES_AT(12), WARM, NOT_SHOWN, "the same at S = 256, W = 8")
SCENARIO(wide_add_remove_s1024_w8, "wide", "pair", SIZES_AT(12), WARM, NOT_SHOWN, "the same at S = 1024, W = 8")
SCENARIO(wide_add_remove_s64_w2, "wide", "pair", SIZES_AT(12), WARM, NOT_SHOWN, "the same at S = 64, W = 2")
SCENARIO(wide_add_remove_s64_w32, "wide", "pair", SIZES_AT(12), WARM, NOT_SHOWN, "the same at S = 64, W = 32")
SCENARIO(wide_get_s4_w8, "wide", "get", SIZES_AT(12), WARM, NOT_SHOWN,
         "`wide_iter_s4_w8`'s world; read the first float of every entity's last component once through the "
         "handles in a fixed-seed shuffled order")
SCENARIO(wide_get_s64_w8, "wide", "get", SIZES_AT(12), WARM, NOT_SHOWN, "the same at S = 64, W = 8")
SCENARIO(wide_get_s256_w8, "wide", "get", SIZES_AT(12), WARM, NOT_SHOWN, "the same at S = 256, W = 8")
SCENARIO(wide_get_s1024_w8, "wide", "get", SIZES_AT(12), WARM, NOT_SHOWN, "the same at S = 1024, W = 8")
SCENARIO(wide_get_s64_w2, "wide", "get", SIZES_AT(12), WARM, NOT_SHOWN, "the same at S = 64, W = 2")
SCENARIO(wide_get_s64_w32, "wide", "get", SIZES_AT(12), WARM, NOT_SHOWN, "the same at S = 64, W = 32")
SCENARIO(wide_create_s4_w8, "wide", "entity", SIZES_AT(12), WARM, NOT_SHOWN,
         "the n entities of `wide_iter_s4_w8`'s world created through the bulk path with all W components, their "
         "values prepared before the clock")
SCENARIO(wide_create_s64_w8, "wide", "entity", SIZES_AT(12), WARM, NOT_SHOWN, "the same at S = 64, W = 8")
SCENARIO(wide_create_s256_w8, "wide", "entity", SIZES_AT(12), WARM, NOT_SHOWN, "the same at S = 256, W = 8")
SCENARIO(wide_create_s1024_w8, "wide", "entity", SIZES_AT(12), WARM, NOT_SHOWN, "the same at S = 1024, W = 8")
SCENARIO(wide_create_s64_w2, "wide", "entity", SIZES_AT(12), WARM, NOT_SHOWN, "the same at S = 64, W = 2")
SCENARIO(wide_create_s64_w32, "wide", "entity", SIZES_AT(12), WARM, NOT_SHOWN, "the same at S = 64, W = 32")
SCENARIO(churn_then_iter, "history", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "n entities with Position, Velocity, Rotation after ten rounds of removals (counter multiples of 7, 11, "
         "13), destructions (17) and n/10 new entities (untimed); one pass over the three; per entity of the n "
         "created first")
SCENARIO(churn_fresh_iter, "history", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "the same pass over a fresh world holding only the entities that pass matches: the ratio of the two is "
         "what the history costs")
SCENARIO(game_frame_0, "frame", "entity", SIZES_DEFAULT, WARM, NOT_SHOWN,
         "a frame without churn: movement (`pos += vel`, excluding a tag) and damage (`health -= damage` on the "
         "half with Damage); per entity per frame")
SCENARIO(game_frame_1, "frame", "entity", SIZES_DEFAULT, WARM, SHOWN(HEADLINE(13, "Whole frames, light churn")),
         "a frame at churn rate 1%: a transient tag moves to 1% of the entities, another 1% are despawned and "
         "respawned, then movement and damage")
SCENARIO(game_frame_10, "frame", "entity", FRAMED(SIZES_DEFAULT, 256), WARM,
         SHOWN(HEADLINE(14, "Whole frames, heavy churn"),
               FRAME_ANSWER(3, "Steady frame time, a steady world with heavy churn"), FIGURES(FIGURE_MEMORY)),
         "the same at churn rate 10% (also measured frame by frame, 256 frames in a row)")
SCENARIO(game_frame_50, "frame", "entity", SIZES_DEFAULT, WARM, NOT_SHOWN, "the same at churn rate 50%")
SCENARIO(changed_0_1, "change", "entity", SIZES_STRUCTURAL, WARM, SHOWN(CHANGE_RATE(0.1)),
         "n entities with Position and Derived; each frame `esb_set` writes a new Position into a sliding 0.1% of "
         "them, then a cached pass over Derived (written), Position (read), Position changed recomputes Derived for "
         "the entities it hands out (one run = one frame)")
SCENARIO(changed_1, "change", "entity", SIZES_STRUCTURAL, WARM,
         SHOWN(HEADLINE(15, "Change detection, 1% written per frame"), CHANGE_RATE(1.0)),
         "`changed_0_1` with 1% written per frame")
SCENARIO(changed_10, "change", "entity", SIZES_STRUCTURAL, WARM, SHOWN(CHANGE_RATE(10.0)),
         "`changed_0_1` with 10% written per frame")
SCENARIO(changed_100, "change", "entity", SIZES_STRUCTURAL, WARM, SHOWN(CHANGE_RATE(100.0)),
         "`changed_0_1` with every entity written per frame")
SCENARIO(changed_0_1_scan, "change", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "`changed_0_1`'s frame with no change term: the pass recomputes every entity's Derived (the reference)")
SCENARIO(changed_1_scan, "change", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN, "the reference of `changed_1`")
SCENARIO(changed_10_scan, "change", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN, "the reference of `changed_10`")
SCENARIO(changed_100_scan, "change", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN, "the reference of `changed_100`")
SCENARIO(added_1, "change", "entity", SIZES_STRUCTURAL, WARM, SHOWN(TRACKING(added_1_scan)),
         "n entities with Position and Derived; each frame destroys the 1% spawned the frame before and spawns as "
         "many anew (bulk), then a cached pass over Derived (written), Position (read), Position added computes "
         "Derived for the entities it hands out")
SCENARIO(added_10, "change", "entity", SIZES_STRUCTURAL, WARM,
         SHOWN(HEADLINE(16, "Reacting to spawned entities"), TRACKING(added_10_scan)),
         "`added_1` with 10% spawned per frame")
SCENARIO(added_1_scan, "change", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN,
         "`added_1`'s frame with no change term: the pass computes every entity's Derived (the reference)")
SCENARIO(added_10_scan, "change", "entity", SIZES_STRUCTURAL, WARM, NOT_SHOWN, "the reference of `added_10`")
SCENARIO(simple_iter_tracked, "change", "entity", SIZES_STRUCTURAL, WARM, SHOWN(TRACKING(simple_iter)),
         "`simple_iter` while a cached query with a change term on Position exists (never iterated): what tracking "
         "the pass's writes costs")
SCENARIO(add_remove_tracked, "change", "pair", SIZES_STRUCTURAL, WARM, SHOWN(TRACKING(add_remove)),
         "`add_remove` while a cached query over A and B with a change term on B exists (never iterated): what "
         "tracking the additions costs")
SCENARIO(grow, "hitch", "entity", FRAMED(SIZES_AT(16), 256), WARM,
         SHOWN(FRAME_ANSWER(1, "Steady frame time as the world grows")),
         "a world growing from empty to n over 256 frames: each frame spawns the next n/256 entities with Position "
         "and Velocity (bulk), then `pos += vel` runs through the cached query; per entity grown (measured frame by "
         "frame: every design's growth policy shows)")
SCENARIO(new_sets, "hitch", "entity", FRAMED(SIZES_AT(16), 256), WARM,
         SHOWN(FRAME_ANSWER(2, "Steady frame time as new component sets appear")),
         "n entities with Position and Velocity and 256 frames of `pos += vel` (cached query); in every 16th frame "
         "n/64 of them gain a component of their own, M0…M15, and so move into a component set that did not exist "
         "yet; per entity (measured frame by frame: what a new set costs the frame it appears in)")
