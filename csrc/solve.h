/* The exact solver of the play phase (every hand known): dizhu/solve/pure.py's searches
 * in C, on the move generator's play ids.
 *
 * A position is every seat's hand (rank counts), the landlord, the seat to move, the top
 * of the trick (a play id, and its seat) and the spring state (dizhu/solve/values.py). The
 * solver answers whether the landlord wins with best play, which plays of the seat to move
 * win for its side, and, when asked, the value (dizhu/solve/values.py: the doublings still
 * to come, signed for the side that wins) and a principal variation. A transposition table
 * of a fixed number of entries remembers what the searches settled, between calls too. A
 * budget of nodes and seconds stops a search: the answer is then "not solved".
 *
 * Like movegen.c, this part knows nothing of Python; the rules it knows are those of the
 * play (a trick clears when every other seat has passed; the play ends when a hand is
 * empty; spring and anti-spring): which plays exist and what beats what is the generator's,
 * which plays double the stake the Python side says.
 */
#ifndef DIZHU_SOLVE_H
#define DIZHU_SOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "movegen.h"

#define SV_MAX_SEATS 4
#define SV_PASS ((play_id)-2)   /* the pass, in move lists and lines */

typedef struct {
    int seats, landlord;
    uint64_t hands[SV_MAX_SEATS];
    int to_move;                /* -1 once a hand is empty */
    play_id top;                /* NO_PLAY when the seat to move leads */
    int top_seat;
    int spring;                 /* bit 0: a peasant has played; bits 1-2: landlord plays, to 2 */
} SvPosition;

typedef struct {
    int64_t max_nodes;          /* < 0: no limit */
    double max_seconds;         /* < 0: no limit */
} SvBudget;

enum { SV_SOLVED = 0, SV_OUT_OF_BUDGET = 1, SV_NO_MEMORY = -1 };

typedef struct {
    int landlord_wins;
    play_id *winning;           /* the winning plays of the seat to move (malloc'd) */
    size_t n_winning;
    play_id *line;              /* the principal variation (malloc'd; with points only) */
    size_t n_line;
    int value;                  /* the value (with points only; else 0) */
    uint64_t nodes;
} SvResult;

typedef struct Solver Solver;

/* A solver over the plays of `tables` (which must outlive it); doubling[id] says whether
 * play id doubles the stake; `entries` is the transposition table's size (rounded up to
 * a power of two, at least 4). NULL when memory runs out. */
Solver *sv_new(const MoveTables *tables, const uint8_t *doubling, size_t entries);
void sv_free(Solver *solver);
void sv_forget(Solver *solver);
size_t sv_size(const Solver *solver);

/* Solve `p` (not over: a seat to move); fills `out` (free it with sv_result_free). With
 * `every`, out->winning lists every play of the seat to move that wins for its side;
 * without, it stays empty and the search stops at the first such play (who wins only). */
int sv_solve(Solver *solver, const SvPosition *p, int points, int every, SvBudget budget,
             SvResult *out);
void sv_result_free(SvResult *result);

#endif
