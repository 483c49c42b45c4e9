% Conformance: reading operators in functional notation after an operand (`a -(b, c)` is
% `a - (b, c)`, `a=..(m,2*->x)` is `a =.. ((m,2) *-> x)`), prefix operators before `(`, operators
% as atoms, priority clashes, and names that are both infix and postfix operators. Each case is
% read with term_to_atom/2 and written with write_canonical/1 (or `error`).
:- op(200, xf, ++), op(500, yfx, ++), op(200, xf, fin), op(300, fy, pre).

c('- (1)').
c('-(1)').
c('- 1').
c('-1').
c('- (1,2)').
c('-(1,2)').
c('f(a)').
c('a- (b,c)').
c('a-(b,c)').
c('a = (b:-c)').
c('a =(b:-c)').
c('a=(b:-c)').
c('[a|(b,c)]').
c('[a|b]').
c('{a}').
c('{a,b}').
c('\'{}\'(a)').
c('{}(a)').
c('a=..(m,2*->x)').
c('a=..(m,2*->x,y)').
c('a-(b-(c,d),e)').
c('a-(b-(c,d):-e,f)').
c('a =(b:-c, d:-e)').
c('a -(b, :- c)').
c('a=..(b)=..c').
c('a :- b :-(c)').
c('- a -(b)').
c('\\+a =(b)').
c('a*(b)+c').
c('a+(b)*c').
c('a**(b)**c').
c('a^(b)^c').
c('1 - -(1)').
c('a - - (1)').
c('a-(-)').
c('a-(-,-)').
c('f(a -(b), c)').
c('[a-(b,c)|d]').
c('[a|b-(c,d)]').
c('{a-(b,c)}').
c('a|(b,c)').
c('(a,b)|(c)').
c('a =..(m|n)').
c('a =..(m|n, o)').
c('f(a:-b)').
c('f((a:-b))').
c('f(a,b:-c)').
c('a:-(b:-c)').
c('a-(b) * c').
c('a*(b) - c').
c('a-(b)-(c)').
c('- (a) * b').
c('-(a) * b').
c('\\+ (a,b)').
c('\\+(a,b)').
c('a = \\+(b)').
c('a = \\+ (b,c)').
c('dynamic(a)').
c('dynamic a, b').
c(':- dynamic(a/1)').
c('a mod(b)').
c('a is(b)').
c('a xor(b,c)').
c('x is 1 +(2, 3) * 4').
c('a rem (b) rem c').
c('f(a)(b)').
c('a- (b)(c)').
c('a -(b) c').
c('a -( )').
c('a -()').
c('a =(b :-)').
c('a =..(m,2*->x) , y').
c('p :- a =(b :- c, d), e').
c('[a -(b :- c, d)|t]').
c('f(- , a)').
c('f(a, -)').
c('- =(1)').
c('a - =(1)').
c('\\+ =(a)').
c('a = -(-(1))').
c('a -(-(1))').
c('a -(- 1)').
c('a -(-1)').
c('a - (-1)').
c('- (-(1))').
c('[-(1)]').
c('[- (1)]').
c('[-]').
c('[- , -]').
c('[a =(b,c)]').
c('{a =(b,c)}').
c('a =(b|c)').
c('f(a =(b|c))').
c('a:b:c').
c('a:(b):c').
c('a:(b:c)').
c('a :(b):c').
c('a =@=(b, c)').
c('a ->(b;c)').
c('a ;(b,c) -> d').
c('(a :- b) -(c)').
c('a dynamic(b)').
c('a , (b)').
c('a \',\'(b,c)').
c('\',\'(a,b)').
c('a \'|\'(b)').
c('a|(b)').
c('a|(b,c)|d').
c('f(a|(b,c))').
c('f(a|b, c)').
c('[a|(b|c)]').
c('a =(b) = c').
c('a = (b) = c').
c('a -(b) =(c)').
c('-(-(-(1)))').
c('- - - 1').
c('-(3)-(4)').
c('a-(1)').
c('a- (1)').
c('a -(1.5)').
c('a - 1').
c('a -1').
c('f(a)- (b)').
c('[1,2] -(3)').
c('"ab" -(c)').
c('\'x\' -(y)').
c('X -(Y)').
c('_ =(a)').
c('a =((b,c))').
c('a =((b,c),d)').
c('a =([b,c])').
c('a =({b})').
c('a = (b , c :- d)').
c('a :-(b , c :- d)').
c('a :-(b :- c , d)').
c(':-(a)').
c(':- (a)').
c(':-(a,b)').
c('?-(a)').
c('a -->(b,c)').
c('a --> (b, c)').
c('f(:-)').
c('f(:-, a)').
c('f(a, :-)').
c('f((:-))').
c('[:-]').
c('[:- |a]').
c('- (:-)').
c('-(:-)').
c('a =(:-)').
c('a =(- :-)').
c('a=(-)').
c('a=(- , -)').
c('\\+ (-)').
c('a *(- , b)').
c('a *(-(1), b)').
c('a +(b, c, d)').
c('a +((b, c), d)').
c('a +(b ; c, d)').
c('a ;(b -> c, d)').
c('a @(b)').
c('f(a)@(b)').
c('a =..(b)(c)').
c('a =..(b) c').
c('a - (b) * (c)').
c('a -(b) ** c').
c('a -(b) ^ c').
c('2 ** -(1)').
c('2 ^ -(1) ^ 3').
c('1 + 2 * (3) - 4').
c('1 +(2) *(3) -(4)').
c('1 *(2) +(3) *(4)').
c('a ++').
c('a ++(b)').
c('a ++ (b)').
c('f(a ++)').
c('f(a ++, b)').
c('f(a ++ , ++)').
c('[a ++]').
c('[a ++, b]').
c('a ++(b, c)').
c('a fin').
c('a fin(b)').
c('a fin fin').
c('f(a fin, b)').
c('a fin ++ b').
c('a fin ++(b)').
c('- (a) fin').
c('-(a) fin').
c('a - (b) fin').
c('a -(b) fin').
c('a -(b fin) fin').
c('{a ++}').
c('a = (b ++)').
c('a =(b ++)').
c('a =(b ++, c)').
c('a =(++, c)').
c('++ ++ a').
c('a ++ - b').
c('pre a').
c('pre(a)').
c('pre (a)').
c('pre(a, b)').
c('a - pre(b)').
c('a -(pre b)').
c('a -(pre, b)').
c('f(pre, pre)').
c('pre pre a').
c('pre - a').
c('- pre a').
c('a pre(b)').
c('a = (b ++, c)').
c('(b ++, c)').
c('b ++, c').
c('b ++ | c').
c('b ++ ++ c').
c('b ++ - c').
c('b ++ ( c)').
c('b ++ ++(c)').
c('b ++ [c]').
c('b ++ -').
c('b ++ )').
c('[b ++ | c]').
c('[b ++ , c]').
c('{b ++ , c}').
c('f(b ++ | c)').
c('b ++ fin').
c('b ++ fin ++ c').
c('b ++ = c').
c('b ++ * c').
c('b ++ mod c').
c('b ++ mod').
c('b ++ =').
c('b ++ :- c').
c('f(b ++ = c, d)').
c('b ++ \\+ c').
c('b ++ pre c').
c('b ++ \'x\'').
c('b ++ "s"').
c('b ++ {c}').
c('b ++ fin(c)').
c('b ++ , ').

main :- forall(c(A), (write(A), write('  ==>  '), catch((term_to_atom(T, A), \+ \+ (numbervars(T, 0, _), write_canonical(T))), _, write(error)), nl)).
