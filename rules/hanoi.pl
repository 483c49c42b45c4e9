% rules/hanoi.pl -- the Tower of Hanoi and Uri Levy's Magnetic Tower of Hanoi.
%
% Classic puzzle.  N disks, 1 (smallest) to N, lie on a post; move them to
% another post one at a time, never putting a disk on a smaller one.  The
% recursive solution takes 2^N - 1 moves.
%
% Magnetic puzzle (MToH).  Each disk has a red and a blue face and starts red
% side up.  Every move turns the disk over, and besides the size rule a disk
% may not be put on a disk whose upper face has the colour of the disk's new
% lower face (like poles repel).  So all disks of one stack show the same
% colour on top.  A post may be coloured too: Posts = posts(A, B, C), each
% n (neutral), r (red) or b (blue), for the source, via and target post.
% A coloured post acts as a face of its colour: a disk put on an empty red
% post must show red on top (its blue face down), one on a blue post blue.
% The disks start on the source post, red side up (so a blue source is an
% illegal start), and must all end on the target post.
%
% Moves are move(From, To).  hanoi/5 and mtoh/5 use the post names you give;
% mtoh_check/4, mtoh_optimal/4 and mtoh_disk_counts/3 call the posts a
% (source), b (via) and c (target).
%
% Predicates
%   hanoi(+N, +From, +Via, +To, -Moves)     classic, 2^N - 1 moves.
%   mtoh(+N, +From, +Via, +To, -Moves)      magnetic, Levy's algorithm (RBB,
%                                            as the seed), (3^N - 1)/2 moves.
%   mtoh_rrb(+N, +From, +Via, +To, -Moves)  Levy's RRB procedure on its own.
%   mtoh_check(+N, +Posts, +Moves, -Result) replays Moves from the start:
%       Result = ok, or illegal(K, Move, Why) for the first illegal move (the
%       K-th, from 1), Why one of smaller_below, same_colour, empty_post,
%       bad_move (not a move between two of a, b, c), or not_solved when every
%       move is legal but the disks are not all on c at the end.  A blue
%       source post gives illegal(0, start, same_colour).
%   mtoh_optimal(+N, +Posts, -Length)       the true minimum number of moves,
%                                            by exhaustive breadth-first search
%                                            (fails when there is no solution).
%                                            Pure Prolog: 8 disks take 0.1 s.
%   mtoh_optimal(+N, +Posts, -Length, -Moves)  and one optimal move list.
%   mtoh_optimal_replay(+N, +Posts, -Length) the same minimum by a plain
%                                            breadth-first search over the
%                                            states and moves of mtoh_check/4
%                                            (slower; a cross-check of the
%                                            packed search, for small N).
%   mtoh_disk_counts(+N, +Moves, -Counts)   Counts = [C1, ..., CN]: how often
%                                            each disk moves (disk 1 smallest).
%   mtoh_levy_legal(+N)                     replays Levy's solutions for N disks:
%                                            mtoh/5 on posts(r,b,b) and
%                                            posts(n,n,n), mtoh_rrb/5 on
%                                            posts(r,r,b) and posts(n,n,n).
%   mtoh_levy_length(+N, -Length)           (3^N - 1)/2, by Levy's recurrence.
%
% Levy's algorithm ("RBB/RRB", Levy 2010, the seed's ACL2 solver).  Call the
% colour the moving stack shows on top its own colour, and the other one the
% opposite colour.  A post "agrees" with the stack when it has the stack's own
% colour.  Two procedures move a stack of N from S to T (V the third post):
%   rbb(S, V, T)  S agrees, V and T are opposite:
%       rbb(N-1: S -> V via T)  disk N: S -> T
%       rrb(N-1: V -> S via T)  rbb(N-1: S -> T via V)
%   rrb(S, V, T)  S and V agree, T is opposite:
%       rrb(N-1: S -> T via V)  rbb(N-1: T -> V via S)
%       disk N: S -> T          rrb(N-1: V -> T via S)
% In a coloured puzzle every disk on a post shows that post's colour, so the
% role of each post in a recursive call follows from the colours; one checks
% that each call above gets the pattern it needs (e.g. after the first call of
% rbb the small stack lies on V showing the opposite colour, for which V and T
% agree and S is opposite: the pattern of rrb(V, T, S)).  Only moves between
% an agreeing and an opposite post occur, so the solution is legal on the
% coloured posts r,b,b (rbb) or r,r,b (rrb) and a fortiori on neutral posts;
% mtoh_levy_legal/1 checks this by replay.  Both procedures take
% L(N) = 3 L(N-1) + 1 moves, so L(N) = (3^N - 1)/2: 1, 4, 13, 40, 121, ... as
% the seed's table says, and disk K moves 3^(N-K) times.  (The seed's solver
% agrees with this; its measure function solver-moves, however, counts two
% moves in the RRB branch where the solver makes one, which gives 1, 5, 18,
% ... for RBB and 2, 7, ... for RRB: as printed, its two theorems do not hold.)
% (3^N - 1)/2 is optimal for the coloured posts r,b,b and r,r,b; on neutral
% posts the puzzle has shorter solutions from three disks on (mtoh_optimal/3).
%
% The exhaustive search.  A state records, for every disk, its post and which
% face is up, packed in an integer: disk K uses the three bits from 3(K-1),
% the post (1 = a, 2 = b, 3 = c) in the low two and the upper face (0 red,
% 1 blue) in the third.  Since every stack shows one colour on top there are at
% most 8 * 3^N reachable states (52,488 for 8 disks).  A reverse move is always
% legal (the disk goes back, turned back, onto what it lay on before), so the
% move graph is undirected and breadth-first search needs no visited set
% beyond the last two layers: layer D+1 is the sorted set of successors of
% layer D minus layers D and D-1.  The first layer holding a goal state (all
% disks on c, either colour up) gives the minimum.  The layers are kept to
% walk back one optimal solution for mtoh_optimal/4.

% ---------------------------------------------------------------------------
% Classic Tower of Hanoi

%!  hanoi(+N, +From, +Via, +To, -Moves) is det.
%   Moves (2^N - 1 of them) carry N disks from From to To.
hanoi(N, From, Via, To, Moves) :-
    must_be(nonneg, N),
    hanoi(N, From, Via, To, Moves, []).

hanoi(0, _, _, _, Moves, Moves) :- !.
hanoi(N, From, Via, To, Moves0, Moves) :-
    N1 is N - 1,
    hanoi(N1, From, To, Via, Moves0, [move(From, To)|Moves1]),
    hanoi(N1, Via, From, To, Moves1, Moves).

% ---------------------------------------------------------------------------
% Levy's algorithm

%!  mtoh(+N, +From, +Via, +To, -Moves) is det.
%   Levy's solution of the Magnetic Tower of Hanoi, (3^N - 1)/2 moves.
mtoh(N, From, Via, To, Moves) :-
    must_be(nonneg, N),
    rbb(N, From, Via, To, Moves, []).

%!  mtoh_rrb(+N, +From, +Via, +To, -Moves) is det.
%   Levy's RRB procedure alone: solves the puzzle on posts(r, r, b) (and on
%   neutral posts), also in (3^N - 1)/2 moves.
mtoh_rrb(N, From, Via, To, Moves) :-
    must_be(nonneg, N),
    rrb(N, From, Via, To, Moves, []).

%   rbb(+N, +S, +V, +T, -Moves, ?Tail): S agrees with the stack, V and T not.
rbb(0, _, _, _, Moves, Moves) :- !.
rbb(N, S, V, T, Moves0, Moves) :-
    N1 is N - 1,
    rbb(N1, S, T, V, Moves0, [move(S, T)|Moves1]),
    rrb(N1, V, T, S, Moves1, Moves2),
    rbb(N1, S, V, T, Moves2, Moves).

%   rrb(+N, +S, +V, +T, -Moves, ?Tail): S and V agree with the stack, T not.
rrb(0, _, _, _, Moves, Moves) :- !.
rrb(N, S, V, T, Moves0, Moves) :-
    N1 is N - 1,
    rrb(N1, S, V, T, Moves0, Moves1),
    rbb(N1, T, S, V, Moves1, [move(S, T)|Moves2]),
    rrb(N1, V, S, T, Moves2, Moves).

%!  mtoh_levy_length(+N, -Length) is det.
%   The length of Levy's solution by its recurrence L(N) = 3 L(N-1) + 1.
mtoh_levy_length(0, 0) :- !.
mtoh_levy_length(N, L) :-
    must_be(positive_integer, N),
    N1 is N - 1,
    mtoh_levy_length(N1, L1),
    L is 3 * L1 + 1.

%!  mtoh_levy_legal(+N) is semidet.
%   Levy's solutions for N disks have (3^N - 1)/2 moves and are legal and
%   complete: mtoh/5 (RBB) on posts r,b,b and n,n,n, mtoh_rrb/5 on posts
%   r,r,b and n,n,n.
mtoh_levy_legal(N) :-
    Length is (3^N - 1) // 2,
    mtoh(N, a, b, c, RBB),
    length(RBB, Length),
    mtoh_check(N, posts(r, b, b), RBB, ok),
    mtoh_check(N, posts(n, n, n), RBB, ok),
    mtoh_rrb(N, a, b, c, RRB),
    length(RRB, Length),
    mtoh_check(N, posts(r, r, b), RRB, ok),
    mtoh_check(N, posts(n, n, n), RRB, ok).

% ---------------------------------------------------------------------------
% Replaying moves

%!  mtoh_check(+N, +Posts, +Moves, -Result) is det.
%   Replays Moves on posts a, b, c coloured by Posts; see the header.
mtoh_check(N, Posts, Moves, Result) :-
    replay(N, Posts, Moves, Result, _).

%!  mtoh_disk_counts(+N, +Moves, -Counts) is det.
%   Counts = [C1, ..., CN], Ck the number of moves of disk k, for a legal
%   move list on neutral posts.
mtoh_disk_counts(N, Moves, Counts) :-
    replay(N, posts(n, n, n), Moves, Result, Disks),
    (   Result == ok
    ->  true
    ;   Result == not_solved
    ->  true
    ;   domain_error(mtoh_moves, Result)
    ),
    msort(Disks, Sorted),
    disks(N, All),
    maplist(count_disk(Sorted), All, Counts).

count_disk(Sorted, Disk, Count) :-
    include(==(Disk), Sorted, Ds),
    length(Ds, Count).

%   replay(+N, +Posts, +Moves, -Result, -Disks): Disks lists the disk moved
%   by each legal move, in order.
%   A post while replaying is post(Colour, Up, Disks): Colour of the post,
%   Up the colour the stack shows on top (unbound while the post is empty),
%   Disks the stack, top first.
replay(N, Posts, Moves, Result, Disks) :-
    must_be(nonneg, N),
    must_be(list, Moves),
    post_colours(Posts, A, B, C),
    disks(N, Stack),
    (   A == b, N > 0
    ->  Result = illegal(0, start, same_colour),
        Disks = []
    ;   State = s(post(A, r, Stack), post(B, _, []), post(C, _, [])),
        replay_moves(Moves, 1, N, State, Result, Disks)
    ).

%   disks(+N, -Disks): Disks = [1, ..., N] (also for N = 0).
disks(N, Disks) :-
    numlist(0, N, [0|Disks]).

post_colours(Posts, A, B, C) :-
    (   ground(Posts)
    ->  true
    ;   instantiation_error(Posts)
    ),
    (   Posts = posts(A, B, C),
        maplist(post_colour, [A, B, C])
    ->  true
    ;   domain_error(mtoh_posts, Posts)
    ).

post_colour(C) :-
    atom(C),
    memberchk(C, [n, r, b]).

replay_moves([], _, N, s(_, _, post(_, _, OnC)), Result, []) :-
    (   length(OnC, N)
    ->  Result = ok
    ;   Result = not_solved
    ).
replay_moves([Move|Moves], K, N, State0, Result, Disks) :-
    move_state(Move, State0, Outcome),
    (   Outcome = moved(Disk, State)
    ->  Disks = [Disk|Disks1],
        K1 is K + 1,
        replay_moves(Moves, K1, N, State, Result, Disks1)
    ;   Outcome = illegal(Why),
        Result = illegal(K, Move, Why),
        Disks = []
    ).

%   move_state(+Move, +State0, -Outcome): Outcome = moved(Disk, State) or
%   illegal(Why).
move_state(Move, State0, Outcome) :-
    (   nonvar(Move),
        Move = move(X, Y),
        post_index(X, I),
        post_index(Y, J),
        I =\= J
    ->  arg(I, State0, post(CF, Up, From)),
        arg(J, State0, post(CT, UpT, To)),
        (   From = [Disk|Rest]
        ->  flip(Up, Up1),
            (   placement_fault(Disk, Up1, post(CT, UpT, To), Why)
            ->  Outcome = illegal(Why)
            ;   (   Rest == []
                ->  FromPost = post(CF, _, [])
                ;   FromPost = post(CF, Up, Rest)
                ),
                replace_post(I, State0, FromPost, State1),
                replace_post(J, State1, post(CT, Up1, [Disk|To]), State),
                Outcome = moved(Disk, State)
            )
        ;   Outcome = illegal(empty_post)
        )
    ;   Outcome = illegal(bad_move)
    ).

%   placement_fault(+Disk, +Up1, +Post, -Why): Disk, showing Up1 after the
%   move, may not go onto Post.
placement_fault(Disk, _, post(_, _, [Below|_]), smaller_below) :-
    Below < Disk,
    !.
placement_fault(_, Up1, post(_, Up, [_|_]), same_colour) :-
    Up \== Up1,
    !.
placement_fault(_, Up1, post(Colour, _, []), same_colour) :-
    Colour \== n,
    Colour \== Up1.

%   replace_post(+I, +S0, +Post, -S): S is S0 with post I replaced.
replace_post(1, s(_, B, C), A, s(A, B, C)).
replace_post(2, s(A, _, C), B, s(A, B, C)).
replace_post(3, s(A, B, _), C, s(A, B, C)).

post_index(X, I) :-
    atom(X),
    post_index_(X, I).

post_index_(a, 1).
post_index_(b, 2).
post_index_(c, 3).

flip(r, b).
flip(b, r).

% ---------------------------------------------------------------------------
% Exhaustive breadth-first search for the optimum

%!  mtoh_optimal(+N, +Posts, -Length) is semidet.
%   Length is the least number of moves solving the puzzle; fails when the
%   puzzle has no solution (e.g. posts(r, r, r), or a blue source post).
mtoh_optimal(N, Posts, Length) :-
    search_layers(N, Posts, Length, _).

%!  mtoh_optimal(+N, +Posts, -Length, -Moves) is semidet.
%   As mtoh_optimal/3, with Moves one optimal solution on posts a, b, c.
mtoh_optimal(N, Posts, Length, Moves) :-
    search_layers(N, Posts, Length, Layers-Goal),
    Layers = [_|Earlier],
    colour_codes(Posts, Cols),
    walk_back(Earlier, N, Cols, Goal, [], Moves).

%   search_layers(+N, +Posts, -Length, -Layers-Goal): Layers are the BFS
%   layers, the last (holding the goal state Goal) first.
search_layers(N, Posts, Length, Layers-Goal) :-
    must_be(nonneg, N),
    post_colours(Posts, A, _, _),
    A \== b,
    colour_codes(Posts, Cols),
    start_key(N, Start),
    goal_keys(N, Goals),
    bfs([Start], [], [], 0, N, Cols, Goals, Length, Layers, Goal).

bfs(Layer, Prev, Done, D, N, Cols, Goals, Length, Layers, Goal) :-
    Layer \== [],
    (   ord_intersection(Layer, Goals, [Goal|_])
    ->  Length = D,
        Layers = [Layer|Done]
    ;   findall(Next,
                ( member(Key, Layer),
                  mtoh_step(N, Cols, Key, _, _, Next)
                ),
                Succ),
        sort(Succ, Sorted),
        ord_subtract(Sorted, Layer, New0),
        ord_subtract(New0, Prev, New),
        D1 is D + 1,
        bfs(New, Layer, [Layer|Done], D1, N, Cols, Goals, Length, Layers, Goal)
    ).

%   walk_back(+Layers, +N, +Cols, +Key, +Moves0, -Moves): Layers are the
%   layers before Key's, nearest first; prepend a move from each.
walk_back([], _, _, _, Moves, Moves).
walk_back([Layer|Layers], N, Cols, Key, Moves0, Moves) :-
    once(( mtoh_step(N, Cols, Key, Y, X, Prev),
           ord_memberchk(Prev, Layer)
         )),
    walk_back(Layers, N, Cols, Prev, [move(X, Y)|Moves0], Moves).

%   colour_codes(+Posts, -Cols): c(A, B, C) with -1 neutral, 0 red, 1 blue.
colour_codes(posts(A, B, C), c(CA, CB, CC)) :-
    maplist(colour_code, [A, B, C], [CA, CB, CC]).

colour_code(n, -1).
colour_code(r, 0).
colour_code(b, 1).

%   start_key(+N, -Key): every disk on post 1 (a), red up.
start_key(N, Key) :-
    disks(N, Ds),
    foldl([D, K0, K]>>(K is K0 \/ (1 << (3 * (D - 1)))), Ds, 0, Key).

%   goal_keys(+N, -Keys): every disk on post 3 (c), red up or blue up.
goal_keys(N, Keys) :-
    disks(N, Ds),
    foldl([D, K0, K]>>(K is K0 \/ (3 << (3 * (D - 1)))), Ds, 0, Red),
    foldl([D, K0, K]>>(K is K0 \/ (4 << (3 * (D - 1)))), Ds, Red, Blue),
    sort([Red, Blue], Keys).

%!  mtoh_step(+N, +Cols, +Key, -From, -To, -Next) is nondet.
%   A legal move From -> To (post names a, b, c) leads from state Key to Next.
mtoh_step(N, Cols, Key, From, To, Next) :-
    tops(N, Key, 0, 0, 0, Tops),
    step_pair(I, J),
    arg(I, Tops, Disk),
    Disk > 0,
    arg(J, Tops, Below),
    Shift is 3 * (Disk - 1),
    Up1 is 1 - ((Key >> (Shift + 2)) /\ 1),    % the disk's upper face after the move
    (   Below =:= 0                             % an empty post: its colour
    ->  arg(J, Cols, Colour),
        (   Colour < 0
        ->  true
        ;   Colour =:= Up1
        )
    ;   Below > Disk,                           % a larger disk showing Up1
        Up1 =:= (Key >> (3 * (Below - 1) + 2)) /\ 1
    ),
    Next is (Key + ((J - I) << Shift)) xor (4 << Shift),
    post_index_(From, I),
    post_index_(To, J).

step_pair(1, 2).
step_pair(1, 3).
step_pair(2, 1).
step_pair(2, 3).
step_pair(3, 1).
step_pair(3, 2).

%   tops(+K, +Key, +A0, +B0, +C0, -Tops): Tops = t(A, B, C), the smallest
%   disk on each post (0 for an empty post), scanning disks K down to 1.
tops(0, _, A, B, C, t(A, B, C)) :- !.
tops(K, Key, A0, B0, C0, Tops) :-
    Post is (Key >> (3 * (K - 1))) /\ 3,
    K1 is K - 1,
    (   Post =:= 1
    ->  tops(K1, Key, K, B0, C0, Tops)
    ;   Post =:= 2
    ->  tops(K1, Key, A0, K, C0, Tops)
    ;   tops(K1, Key, A0, B0, K, Tops)
    ).

% ---------------------------------------------------------------------------
% A reference search for cross-checking

%!  mtoh_optimal_replay(+N, +Posts, -Length) is semidet.
%   As mtoh_optimal/3, by breadth-first search over the replay states of
%   mtoh_check/4 (terms s(post(Colour, Up, Disks), ...)), trying all six
%   moves with move_state/3 and keeping a visited set of every state seen.
%   It shares no code with the packed search but the rules' reading, so
%   agreement of the two checks the move generator mtoh_step/6.
mtoh_optimal_replay(N, Posts, Length) :-
    must_be(nonneg, N),
    post_colours(Posts, A, B, C),
    A \== b,
    disks(N, Stack),
    Start = s(post(A, r, Stack), post(B, e, []), post(C, e, [])),
    replay_bfs([Start], [Start], 0, N, Length).

replay_bfs(Layer, Visited, D, N, Length) :-
    Layer \== [],
    (   member(s(_, _, post(_, _, OnC)), Layer),
        length(OnC, N)
    ->  Length = D
    ;   findall(Next,
                ( member(State, Layer),
                  member(Move, [move(a, b), move(a, c), move(b, a),
                                move(b, c), move(c, a), move(c, b)]),
                  move_state(Move, State, moved(_, Next0)),
                  empty_posts_up(Next0, Next)
                ),
                Found),
        sort(Found, Sorted),
        ord_subtract(Sorted, Visited, New),
        ord_union(Visited, New, Visited1),
        D1 is D + 1,
        replay_bfs(New, Visited1, D1, N, Length)
    ).

%   empty_posts_up(+State0, -State): an empty post's Up is e (move_state/3
%   leaves it unbound), so that equal positions are equal terms.
empty_posts_up(s(A0, B0, C0), s(A, B, C)) :-
    maplist(empty_up, [A0, B0, C0], [A, B, C]).

empty_up(post(Colour, Up, Disks), post(Colour, Up1, Disks)) :-
    (   Disks == []
    ->  Up1 = e
    ;   Up1 = Up
    ).
